import {
  CompleteFileRequestBodySchema,
  CreateFileRequestBodySchema,
  FileQuerySchema,
  FileRequestCreatedSchema,
  FileRequestSchema,
} from '../../../shared/api/files';
import { IdParamsSchema } from '../../../shared/api/posts';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { notFound } from '../../http/errors';
import { canViewFile, isPublicFile } from './files.policy';
import { presentFileRequest, presentFileRequestCreated } from './files.presenter';
import { findFileWithAudience } from './files.repo';
import { contentRange, decideRange, rangeStillApplies, unsatisfiedRange } from './byte-range';
import {
  acceptsAvif,
  cacheControl,
  FILE_SECURITY_HEADERS,
  redirectCacheControl,
  servedAvif,
  servedFile,
} from './files.serve';
import { completeUpload, loadOwnFile, requestUpload } from './files.service';
import { ensureSizedImage, storedAvifKey } from './files.sizes';
import { sizedWidthOf } from './files.images';

/** How long a redirect to the object store's presigned GET stays valid. */
const DOWNLOAD_URL_SECONDS = 10 * 60;

export function registerFileRoutes(app: App, context: RouteContext) {
  const { db } = context;
  const signedIn = { preValidation: signedInOnly };

  /** Spec: POST /file_requests {name, file_type} → where to PUT the bytes. */
  app.post(
    '/api/file_requests',
    {
      ...signedIn,
      schema: { body: CreateFileRequestBodySchema, response: { 201: FileRequestCreatedSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const { row, upload } = await requestUpload(context, user.id, request.body);
      return reply.status(201).send(presentFileRequestCreated(row, upload, context.config.uploadMaxBytes));
    },
  );

  app.get(
    '/api/file_requests/:id',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: FileRequestSchema } } },
    async (request) => {
      const user = requireUser(request);
      return presentFileRequest(await loadOwnFile(context, request.params.id, user.id));
    },
  );

  /** Spec: PATCH /file_requests/{id} {status: 'uploaded', …} once the bytes were PUT. */
  app.patch(
    '/api/file_requests/:id',
    {
      ...signedIn,
      schema: {
        params: IdParamsSchema,
        body: CompleteFileRequestBodySchema,
        response: { 200: FileRequestSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      return presentFileRequest(await completeUpload(context, user.id, request.params.id, request.body));
    },
  );

  /**
   * A file's stable address. Visitors too: public files (avatars, attachments of published posts)
   * are for everyone. Anyone who may not see the file gets the same 404 as for a file that never
   * existed. The local store's bytes are streamed, one byte range at a time when asked (206, so a
   * video seeks without downloading everything; ./byte-range.ts); an object store's are a redirect to a
   * presigned GET, and the store answers ranges itself. Visibility is decided before any range.
   */
  app.get(
    '/api/files/:id',
    { schema: { params: IdParamsSchema, querystring: FileQuerySchema } },
    async (request, reply) => {
      const viewerId = request.currentUser?.id ?? null;
      const audience = await findFileWithAudience(db, request.params.id, viewerId);
      if (!audience || !canViewFile(viewerId, audience)) throw notFound();
      const webp = servedFile(audience.file, request.query.variant);
      if (!webp) throw notFound();
      // A photo uploaded before its other widths existed gets them now (./files.sizes.ts).
      const sized = sizedWidthOf(request.query.variant);
      if (sized && !(await ensureSizedImage(context.storage, audience.file, sized))) throw notFound();
      // A width also kept as AVIF goes as AVIF to a browser that takes it (ADR 069).
      const avifKey =
        sized && acceptsAvif(request.headers.accept)
          ? await storedAvifKey(context.storage, audience.file.id, sized)
          : null;
      const served = avifKey ? servedAvif(audience.file, request.query.variant, avifKey) : webp;
      const isPublic = isPublicFile(audience);
      reply.headers(FILE_SECURITY_HEADERS);
      // Whether a file is visible depends on who asks: caches must key private answers on the
      // cookie; a width's format depends on what the browser takes.
      const vary = [...(isPublic ? [] : ['Cookie']), ...(sized ? ['Accept'] : [])];
      if (vary.length > 0) reply.header('vary', vary.join(', '));

      if (context.storage.kind === 's3') {
        const { url } = await context.storage.signDownload(served.key, served, DOWNLOAD_URL_SECONDS);
        reply.header('cache-control', redirectCacheControl(isPublic));
        return reply.redirect(url, 302);
      }

      reply
        .header('cache-control', cacheControl(isPublic))
        .header('etag', served.etag)
        .header('accept-ranges', 'bytes');
      if (request.headers['if-none-match'] === served.etag) return reply.status(304).send();
      const missing = () => {
        request.log.warn(
          { fileId: audience.file.id, key: served.key },
          'an uploaded file has no stored object',
        );
        return notFound();
      };
      const stored = await context.storage.head(served.key);
      if (!stored) throw missing();
      const decision = rangeStillApplies(headerText(request.headers['if-range']), served.etag)
        ? decideRange(headerText(request.headers.range), stored.size)
        : ({ kind: 'whole' } as const);
      if (decision.kind === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', unsatisfiedRange(stored.size))
          .send({ error: 'The requested range is not within the file.' });
      }
      const range = decision.kind === 'partial' ? decision.range : undefined;
      const opened = await context.storage.openRead(served.key, range);
      if (!opened) throw missing();
      reply
        .type(served.contentType)
        .header('content-disposition', served.contentDisposition)
        .header('content-length', String(range ? range.end - range.start + 1 : opened.size));
      if (range) reply.status(206).header('content-range', contentRange(range, opened.size));
      return reply.send(opened.stream);
    },
  );
}

/** A header's one value (Node joins repeated ones for most headers; an array is not a range we honour). */
function headerText(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
