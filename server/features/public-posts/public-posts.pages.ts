import type { FastifyRequest } from 'fastify';
import { LIMITS } from '../../../shared/domain/constants';
import { SLUG_PATTERN } from '../../../shared/domain/slug';
import type { App, RouteContext } from '../../context';
import { SHARED_CACHE } from '../../http/cache-policy';
import { clientSubject } from '../../http/client-ip';
import { HttpError } from '../../http/errors';
import { cacheableByEveryone } from './public-posts.cache';
import { FEED_ENTRIES, renderAtomFeed } from './public-posts.feed';
import { findPublishedLink } from '../links/links.repo';
import {
  FEED_PATH,
  missingLinkMeta,
  missingPostMeta,
  publishedLinkMeta,
  publishedPostMeta,
  siteMeta,
  withPageMeta,
} from './public-posts.meta';
import { isPostId } from './public-posts.policy';
import { listPublished } from './public-posts.repo';
import { loadPublished } from './public-posts.service';
import { type HtmlPage, sendHtml } from '../../http/html-page';

/** The public pages of the web app, served with their own meta tags (see public-posts.meta.ts). */
const SITE_PAGES = ['/', '/feed', '/explore', '/explore/*'];

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a public address could name a published post at all (else no query is made). */
function isPublicKey(value: string): boolean {
  return (
    isPostId(value) ||
    (value.length >= LIMITS.slugMin && value.length <= LIMITS.slugMax && SLUG_PATTERN.test(value))
  );
}

/**
 * The Atom feed of published posts, and, when the web app is built (`page`), its public
 * pages: /, /feed and /explore… with the site's meta, /explore/post/{slug or id} with the post's.
 * These routes win over the SPA fallback in server/app.ts, which serves every other page.
 */
export function registerPublicPages(app: App, context: RouteContext, page: HtmlPage | null) {
  const { db } = context;
  const origin = context.config.publicOrigin;
  const throttled = (request: FastifyRequest) => context.throttle.hit('publishedIp', clientSubject(request));

  const cacheable = { onSend: cacheableByEveryone(SHARED_CACHE) };

  app.get(FEED_PATH, { onRequest: throttled, ...cacheable }, async (_request, reply) => {
    const rows = await listPublished(db, { cursor: null, limit: FEED_ENTRIES });
    reply.type('application/atom+xml; charset=utf-8');
    return renderAtomFeed(rows.slice(0, FEED_ENTRIES), origin);
  });

  if (!page) return;

  for (const url of SITE_PAGES) {
    app.get(url, cacheable, async (request, reply) => {
      const pathname = request.url.split('?')[0]!;
      return sendHtml(request, reply, page, withPageMeta(page.html, siteMeta(pathname, origin)));
    });
  }

  app.get<{ Params: { id: string } }>('/explore/post/:id', cacheable, async (request, reply) => {
    const key = request.params.id;
    try {
      // Throttled like the API reads it stands for; an over-limit visitor still gets the app,
      // whose own call then explains the 429.
      await throttled(request);
      if (isPublicKey(key)) {
        const row = await loadPublished(db, key);
        return sendHtml(request, reply, page, withPageMeta(page.html, publishedPostMeta(row, origin)));
      }
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.statusCode === 429) {
        reply.status(429).headers(error.headers).header('cache-control', 'no-store');
        return sendHtml(
          request,
          reply,
          page,
          withPageMeta(page.html, { ...siteMeta('/explore', origin), noindex: true }),
        );
      }
      if (error.statusCode !== 404) throw error;
    }
    // Not published (unpublished, deleted, never was): the app shows its error state.
    reply.status(404).header('cache-control', 'no-cache');
    return sendHtml(request, reply, page, withPageMeta(page.html, missingPostMeta()));
  });

  /** /explore/link/{id}: a published, read link's own meta; anything else is the app's not-found state. */
  app.get<{ Params: { id: string } }>('/explore/link/:id', cacheable, async (request, reply) => {
    try {
      await throttled(request);
      if (UUID_PATTERN.test(request.params.id)) {
        const row = await findPublishedLink(db, request.params.id.toLowerCase());
        if (row)
          return sendHtml(request, reply, page, withPageMeta(page.html, publishedLinkMeta(row, origin)));
      }
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.statusCode !== 429) throw error;
      reply.status(429).headers(error.headers).header('cache-control', 'no-store');
      return sendHtml(
        request,
        reply,
        page,
        withPageMeta(page.html, { ...siteMeta('/explore/links', origin), noindex: true }),
      );
    }
    reply.status(404).header('cache-control', 'no-cache');
    return sendHtml(request, reply, page, withPageMeta(page.html, missingLinkMeta()));
  });
}
