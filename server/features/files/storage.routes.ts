import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formatBytes } from '../../../shared/domain/format-bytes';
import type { LocalStorage, SignedQuery } from '../../adapters/storage/local-storage';
import { LOCAL_STORAGE_PATH } from '../../adapters/storage/local-storage';
import { ObjectTooLargeError, STORAGE_KEY_PATTERN, StorageFullError } from '../../adapters/storage/storage';
import type { SignedMethod } from '../../adapters/storage/url-signer';
import type { App, RouteContext } from '../../context';
import { HttpError, notFound, storageFull } from '../../http/errors';
import { FILE_SECURITY_HEADERS } from './files.serve';

const LINK_EXPIRED = 'This link has expired. Please try again.';
const LINK_INVALID = 'This link is not valid.';

/**
 * The local store's signed URLs (the S3 store has its own): PUT receives an upload, GET serves an
 * object with the headers its signature names. The signature is the only credential: no session
 * and no XHR marker (a browser PUTs the file as-is), and it is checked in onRequest, before a byte
 * of the body is read. Registered only when STORAGE=local.
 */
export function registerStorageRoutes(app: App, context: RouteContext) {
  const storage = context.storage;
  if (storage.kind !== 'local') return;

  const signedBy = (method: SignedMethod) => async (request: FastifyRequest) => {
    const { key } = request.params as { key?: string };
    const query = request.query as Record<string, unknown>;
    const strings = Object.fromEntries(
      Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ) as SignedQuery;
    const verdict = key && STORAGE_KEY_PATTERN.test(key) ? storage.verify(method, key, strings) : 'invalid';
    if (verdict === 'valid') return;
    // A refused PUT's body is not read: closing the connection beats receiving it for nothing (and
    // leaves no half-read request holding the connection open).
    const headers: Record<string, string> = method === 'PUT' ? { connection: 'close' } : {};
    throw new HttpError(403, { error: verdict === 'expired' ? LINK_EXPIRED : LINK_INVALID }, headers);
  };

  // A scope of its own, so the raw-body parser below applies to the upload route only.
  void app.register(async (scoped) => {
    const scope = scoped.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    // Any type (or none): the body is the file, streamed to disk by the handler, not buffered.
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.put(
      `${LOCAL_STORAGE_PATH}/:key`,
      { config: { xhrMarker: false, anyBody: true, longBody: true }, onRequest: signedBy('PUT') },
      async (request, reply) => receiveUpload(storage, context.config.uploadMaxBytes, request, reply),
    );
  });

  app.get(`${LOCAL_STORAGE_PATH}/:key`, { onRequest: signedBy('GET') }, async (request, reply) => {
    const { key } = request.params as { key: string };
    const { type, disposition } = request.query as SignedQuery;
    const opened = await storage.openRead(key);
    if (!opened) throw notFound();
    return reply
      .headers(FILE_SECURITY_HEADERS)
      .header('cache-control', 'private, max-age=300')
      .type(type || 'application/octet-stream')
      .header('content-disposition', disposition || 'attachment')
      .header('content-length', String(opened.size))
      .send(opened.stream);
  });
}

async function receiveUpload(
  storage: LocalStorage,
  maxBytes: number,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  // `Connection: close`: the rest of an oversized body is not worth receiving.
  const tooLarge = () =>
    new HttpError(
      413,
      { error: `The file is too large (maximum is ${formatBytes(maxBytes)}).` },
      { connection: 'close' },
    );
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const { key } = request.params as { key: string };
  const body = request.body as Readable | undefined;
  try {
    if (body) await storage.receive(key, body, maxBytes);
    else await storage.write(key, Buffer.alloc(0));
  } catch (error) {
    if (error instanceof ObjectTooLargeError) throw tooLarge();
    if (error instanceof StorageFullError) {
      // Nothing was kept; the operator must free space. The rest of the body is not worth reading.
      request.log.error({ err: error, key }, 'upload refused: no space left in the file store');
      throw storageFull({ closeConnection: true });
    }
    // The browser went away mid-upload: nothing was kept, and nobody is left to answer.
    if (request.raw.destroyed) throw new HttpError(400, { error: 'The upload was interrupted.' });
    throw error;
  }
  return reply.status(200).send();
}
