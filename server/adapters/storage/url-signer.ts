import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 signatures for the local store's URLs (`/api/storage/{key}?expires=…&signature=…`).
 * The signature covers the method, the key, the expiry and any response headers the URL asks for,
 * so none of them can be changed without the key. Checked in constant time.
 */

export type SignedMethod = 'GET' | 'PUT';

export interface SignedParams {
  method: SignedMethod;
  key: string;
  /** Unix time in seconds after which the URL no longer works. */
  expires: number;
  /** GET only: the type and disposition the answer carries. */
  contentType?: string;
  contentDisposition?: string;
}

export type Verdict = 'valid' | 'expired' | 'invalid';

export interface UrlSigner {
  sign(params: SignedParams): string;
  verify(params: SignedParams, signature: string): Verdict;
  /** The expiry, in unix seconds, of a URL signed now for `seconds`. */
  expiresIn(seconds: number): number;
}

export function createUrlSigner(secret: string, now: () => number = Date.now): UrlSigner {
  const mac = (params: SignedParams) =>
    createHmac('sha256', secret)
      .update(
        [
          params.method,
          params.key,
          String(params.expires),
          params.contentType ?? '',
          params.contentDisposition ?? '',
        ].join('\n'),
      )
      .digest();

  return {
    sign: (params) => mac(params).toString('base64url'),
    verify(params, signature) {
      if (!Number.isSafeInteger(params.expires)) return 'invalid';
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(params);
      // A signature is judged before the expiry, so a tampered URL never learns whether it expired.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return now() > params.expires * 1000 ? 'expired' : 'valid';
    },
    expiresIn: (seconds) => Math.floor(now() / 1000) + seconds,
  };
}
