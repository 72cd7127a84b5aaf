/** http_ece ships no types: the little of it the push tests use to decrypt what a push service receives. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiving browser's key pair; the sender's public key travels in the body's header. */
    privateKey: ECDH;
    authSecret: Buffer | string;
  }
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
