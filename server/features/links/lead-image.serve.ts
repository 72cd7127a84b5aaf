import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import {
  cacheControl,
  contentDisposition,
  FILE_SECURITY_HEADERS,
  redirectCacheControl,
} from '../files/files.serve';

/** How long a redirect to the object store's presigned GET stays valid. */
const DOWNLOAD_URL_SECONDS = 10 * 60;
const LEAD_IMAGE_TYPE = 'image/webp';

/**
 * Sends Hearth's copy of a link's lead image, once the caller has decided the viewer may see the
 * link. A link without a copy is a 404 like a link not seen. `isPublic`: a published link's image
 * (visitors' address) may sit in shared caches for a minute; a member's answer depends on their cookie.
 */
export async function sendLeadImage(
  context: Pick<AppContext, 'storage' | 'logger'>,
  reply: FastifyReply,
  link: { id: string; leadImageKey: string | null },
  isPublic: boolean,
) {
  if (!link.leadImageKey) throw notFound();
  const headers = {
    contentType: LEAD_IMAGE_TYPE,
    contentDisposition: contentDisposition('inline', 'lead-image.webp'),
  };
  reply.headers(FILE_SECURITY_HEADERS);
  if (!isPublic) reply.header('vary', 'Cookie');

  if (context.storage.kind === 's3') {
    const { url } = await context.storage.signDownload(link.leadImageKey, headers, DOWNLOAD_URL_SECONDS);
    reply.header('cache-control', redirectCacheControl(isPublic));
    return reply.redirect(url, 302);
  }
  const opened = await context.storage.openRead(link.leadImageKey);
  if (!opened) {
    context.logger.warn({ linkId: link.id }, 'a link lead image has no stored object');
    throw notFound();
  }
  return reply
    .header('cache-control', cacheControl(isPublic))
    .type(headers.contentType)
    .header('content-disposition', headers.contentDisposition)
    .header('content-length', String(opened.size))
    .send(opened.stream);
}
