import {
  DataExportListSchema,
  DataExportParamsSchema,
  DataExportSchema,
} from '../../../shared/api/data-exports';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { notFound } from '../../http/errors';
import { presentDataExport } from './data-exports.presenter';
import { listExports, openExportDownload, requestExport } from './data-exports.service';

/** Export my data (settings → Your data): ask for a zip, see its state, download it. */
export function registerDataExportRoutes(app: App, context: RouteContext) {
  const member = { preValidation: signedInOnly };

  // 202 with a new export; 200 with the one already being prepared; 429 within the hour of the last.
  app.post(
    '/api/account/exports',
    { ...member, schema: { response: { 200: DataExportSchema, 202: DataExportSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const { row, created } = await requestExport(context, user);
      return reply.status(created ? 202 : 200).send(presentDataExport(row, new Date()));
    },
  );

  app.get(
    '/api/account/exports',
    { ...member, schema: { response: { 200: DataExportListSchema } } },
    async (request, reply) => {
      const now = new Date();
      reply.header('cache-control', 'no-store');
      return (await listExports(context, requireUser(request))).map((row) => presentDataExport(row, now));
    },
  );

  app.get(
    '/api/account/exports/:id/download',
    { ...member, schema: { params: DataExportParamsSchema } },
    async (request, reply) => {
      const download = await openExportDownload(context, requireUser(request), request.params.id);
      if (!download) throw notFound();
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(download.size))
        .header('content-disposition', `attachment; filename="${download.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(download.stream);
    },
  );
}
