import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '../shared/domain/messages';
import packageJson from '../package.json' with { type: 'json' };
import type { Config } from './config/env';
import type { App, AppContext, RouteContext } from './context';
import { isApiPath, registerAuth } from './http/auth';
import { registerBodyDeadline } from './http/body-deadline';
import { registerCachePolicy } from './http/cache-policy';
import { registerCompression } from './http/compression';
import { registerMetrics } from './http/metrics';
import { registerReadiness } from './http/readiness';
import { compiledSerializerCompiler } from './http/serializer';
import { registerErrorHandling } from './http/errors';
import { registerSecurityEventLog } from './http/security-events';
import { acceptEmptyJsonBodies } from './http/json-body';
import { registerSecurity } from './http/security';
import { escapeHtml } from './lib/html';
import { WEB_DIST } from './paths';
import { registerAccountRoutes } from './features/account/account.routes';
import { registerDataExportRoutes } from './features/data-exports/data-exports.routes';
import { registerAccountDeletionRoutes } from './features/account-deletion/account-deletion.routes';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { registerInvitationsRoutes } from './features/invitations/invitations.routes';
import { registerUsersRoutes } from './features/users/users.routes';
import { registerPostRoutes } from './features/posts/posts.routes';
import { registerCommentRoutes } from './features/comments/comments.routes';
import { registerConversationRoutes } from './features/conversations/conversations.routes';
import { registerMentionRoutes } from './features/mentions/mentions.routes';
import { registerLikeRoutes } from './features/likes/likes.routes';
import { registerReportRoutes } from './features/reports/reports.routes';
import { registerBlockRoutes } from './features/blocks/blocks.routes';
import { registerGroupRoutes } from './features/groups/groups.routes';
import { registerGroupInvitationRoutes } from './features/group-invitations/group-invitations.routes';
import {
  registerCalendarFeedRoutes,
  registerGatheringRoutes,
  registerReminderDefaultRoutes,
} from './features/gatherings/gatherings.routes';
import { registerDatePollRoutes } from './features/gatherings/date-polls.routes';
import { registerPollRoutes } from './features/polls/polls.routes';
import { registerPinRoutes } from './features/pins/pins.routes';
import { registerReactionRoutes } from './features/reactions/reactions.routes';
import { registerGroupNotificationRoutes } from './features/group-notifications/group-notifications.routes';
import { registerProfileRoutes } from './features/profiles/profiles.routes';
import { registerFollowRoutes } from './features/follows/follows.routes';
import { registerFeedbackRoutes } from './features/feedback/feedback.routes';
import { presentSearchMode } from './features/search/search.presenter';
import { registerSearchRoutes } from './features/search/search.routes';
import { searchMode } from './features/search/search.service';
import { registerAdminRoutes } from './features/admin/admin.routes';
import { registerAdminMembersRoutes } from './features/admin/admin-members.routes';
import { registerFileRoutes } from './features/files/files.routes';
import { registerStorageRoutes } from './features/files/storage.routes';
import { registerPublicPostRoutes } from './features/public-posts/public-posts.routes';
import { registerPublicPages } from './features/public-posts/public-posts.pages';
import { registerLinkRoutes } from './features/links/links.routes';
import { registerEventRoutes } from './features/events/events.routes';
import { registerMeCountsRoutes } from './features/notifications/me-counts.routes';
import type { LiveHub } from './features/events/live-hub';
import { registerNotificationRoutes } from './features/notifications/notifications.routes';
import { registerPushRoutes } from './features/push/push.routes';
import { registerUnsubscribeRoutes } from './features/notifications/unsubscribe.routes';
import { htmlPage, sendHtml } from './http/html-page';

/**
 * How long a client may take (a slow or stalled client otherwise holds a socket and memory for
 * ever: slowloris). Headers must arrive within 15 s and no connection may sit silent for 30 s. A
 * body must have arrived 30 s after its headers (server/http/body-deadline.ts), except the local
 * store's upload PUT, which must fit a full-size file on a slow line: it has the whole request's
 * 10 minutes, a deadline Node applies server-wide. Handlers are bounded by their own deadlines:
 * on PostgreSQL the statement and idle-in-transaction timeouts (server/db/client.ts; PGlite has
 * none), and the SSRF-guarded fetch's total deadline.
 */
export const TIMEOUTS = {
  headersMs: 15_000,
  idleMs: 30_000,
  bodyMs: 30_000,
  requestMs: 10 * 60_000,
} as const;

/**
 * Builds the HTTP application. Every route is registered here, explicitly, so one file tells
 * what the server answers.
 */
export async function buildApp(
  context: AppContext,
  options: {
    serveWeb?: boolean;
    webDist?: string;
    /** Tests shorten the body deadline (TIMEOUTS.bodyMs) to see it act. */
    bodyDeadlineMs?: number;
  } = {},
): Promise<App> {
  const app = Fastify({
    loggerInstance: context.logger,
    trustProxy: fastifyTrustProxy(context.config.trustProxy),
    bodyLimit: 1024 * 1024,
    connectionTimeout: TIMEOUTS.idleMs,
    requestTimeout: TIMEOUTS.requestMs,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = TIMEOUTS.headersMs;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ verify: context.config.env === 'test' }));
  acceptEmptyJsonBodies(app);
  registerBodyDeadline(app, options.bodyDeadlineMs ?? TIMEOUTS.bodyMs);

  registerErrorHandling(app);
  registerSecurityEventLog(app);
  await registerSecurity(app, context.config);
  const sessions = await registerAuth(app, context.config, context.db, context.database.readCache);
  registerCachePolicy(app);
  registerCompression(app);
  const routes: RouteContext = { ...context, sessions };
  // First, so every route below is timed; the live hub is created with the event routes.
  let liveHub: LiveHub | null = null;
  registerMetrics(app, routes, () => liveHub?.size() ?? 0);

  app.get('/api/health', async () => {
    // Answered without a query, so a busy embedded database never delays it; a dead one is a 503.
    const unavailable = context.database.unavailable();
    if (unavailable) throw unavailable;
    return {
      status: 'ok',
      version: packageJson.version,
      database: context.database.kind,
      ...presentSearchMode(searchMode(context)),
    };
  });

  // Feature routes (one line per feature).
  void routes;
  registerAuthRoutes(app, routes);
  registerUsersRoutes(app, routes);
  registerAccountRoutes(app, routes);
  registerDataExportRoutes(app, routes);
  registerAccountDeletionRoutes(app, routes);
  registerInvitationsRoutes(app, routes);
  registerPostRoutes(app, routes);
  registerCommentRoutes(app, routes);
  registerConversationRoutes(app, routes);
  registerMentionRoutes(app, routes);
  registerLikeRoutes(app, routes);
  registerReportRoutes(app, routes);
  registerBlockRoutes(app, routes);
  registerGroupRoutes(app, routes);
  registerGroupInvitationRoutes(app, routes);
  registerPinRoutes(app, routes);
  registerGatheringRoutes(app, routes);
  registerDatePollRoutes(app, routes);
  registerPollRoutes(app, routes);
  registerCalendarFeedRoutes(app, routes);
  registerReminderDefaultRoutes(app, routes);
  registerReactionRoutes(app, routes);
  registerGroupNotificationRoutes(app, routes);
  registerProfileRoutes(app, routes);
  registerFollowRoutes(app, routes);
  registerFeedbackRoutes(app, routes);
  registerSearchRoutes(app, routes);
  registerAdminRoutes(app, routes);
  registerAdminMembersRoutes(app, routes);
  registerFileRoutes(app, routes);
  registerStorageRoutes(app, routes);
  registerPublicPostRoutes(app, routes);
  registerLinkRoutes(app, routes);
  liveHub = registerEventRoutes(app, routes);
  registerNotificationRoutes(app, routes);
  registerMeCountsRoutes(app, routes);
  registerUnsubscribeRoutes(app, routes);
  registerPushRoutes(app, routes);
  registerReadiness(app, routes);

  await registerWeb(app, routes, options.serveWeb ?? true, options.webDist ?? WEB_DIST);
  return app;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes the function Fastify itself builds from a
 * number (trust the nearest N hops), because Fastify's types do not list the number form.
 */
function fastifyTrustProxy(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/**
 * Serves the built React app: its public pages with their own meta (and the Atom feed), then the
 * SPA fallback for every other client-side route.
 */
async function registerWeb(app: App, routes: RouteContext, serveWeb: boolean, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const indexHtml =
    serveWeb && fs.existsSync(indexFile)
      ? withSiteMeta(fs.readFileSync(indexFile, 'utf8'), routes.config.contactEmail)
      : null;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // Source maps stay with the operator (the build writes them 'hidden'), never served: they
      // would hand anyone the original source, comments included.
      globIgnore: ['**/*.map'],
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      // The build writes .br and .gz beside each text file (scripts/precompress.ts).
      preCompressed: true,
      setHeaders: (reply, filePath) => setAppFileHeaders(reply, webDist, filePath),
    });
  }
  const pages = indexHtml ? withHeadScripts(indexHtml, webDist) : null;
  const membersPage = pages && htmlPage(pages.members, routes.config);
  registerPublicPages(app, routes, pages && htmlPage(pages.public, routes.config));
  app.setNotFoundHandler((request, reply) => {
    if (isFilePath(request.url)) {
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(MESSAGES.notFound);
    }
    if (!isApiPath(request.url) && membersPage && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendHtml(request, reply.header('cache-control', 'no-cache'), membersPage);
    }
    return reply.status(404).send({ error: MESSAGES.notFound });
  });
}

/** The page's own head scripts (web/public), each a tag of the built page. */
const THEME_TAG = '<script src="/theme-init.js"></script>';
const FIRST_CALLS_TAG = '<script src="/first-calls.js"></script>';

/**
 * The build's page in two versions, its head scripts written into it so that none is a request of
 * its own that holds up the page (ADR 062): the theme (no white flash on a dark page) on every page;
 * the script that starts a member's first calls and code on the members' screens only, since the
 * public pages' visitors (/, /feed, /explore…) never need it. The content security policy allows
 * each page exactly the inline scripts it carries, by their hashes (`htmlPage`). A script the build
 * did not write stays a tag, as it was.
 */
export function withHeadScripts(indexHtml: string, webDist: string): { members: string; public: string } {
  const inline = (html: string, tag: string, name: string) => {
    const file = path.join(webDist, name);
    if (!html.includes(tag) || !fs.existsSync(file)) return html;
    const script = fs.readFileSync(file, 'utf8').trim();
    if (/<\/script/i.test(script)) throw new Error(`${name} cannot be written into the page`);
    return html.replace(tag, () => `<script>${script}</script>`);
  };
  const themed = inline(indexHtml, THEME_TAG, 'theme-init.js');
  return {
    members: inline(themed, FIRST_CALLS_TAG, 'first-calls.js'),
    public: themed.replace(FIRST_CALLS_TAG, ''),
  };
}

/**
 * Whether a missing path names a file rather than a screen of the app: anything under /assets/,
 * or a last segment with an extension (no app address has one: ids are UUIDs, slugs have no dot).
 * Such a request gets a plain 404, never the app's page: a tab still running an older build that
 * asks for a chunk this build no longer has must fail as a missing file, not run HTML as script,
 * and no cache or service worker may keep a page under a file's name.
 */
function isFilePath(url: string): boolean {
  const pathname = url.split('?')[0]!;
  if (isApiPath(pathname)) return false;
  if (pathname === '/assets' || pathname.startsWith('/assets/')) return true;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[a-z0-9]+$/i.test(last);
}

/**
 * How the build's files are kept. Files under assets/ carry a hash of their content in their name, so
 * a browser may keep them for a year without asking again; everything else (the service worker, icons,
 * the manifest) is checked on every visit, so a new build reaches members at once. The manifest goes
 * with its own media type.
 */
export function setAppFileHeaders(
  reply: { header(name: string, value: string): unknown },
  webDist: string,
  filePath: string,
) {
  const relative = path.relative(webDist, filePath).split(path.sep);
  reply.header(
    'cache-control',
    relative[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
  if (filePath.endsWith('.webmanifest')) {
    reply.header('content-type', 'application/manifest+json; charset=utf-8');
  }
}

/** Adds the operator's settings the web app reads from the page (the privacy contact address). */
export function withSiteMeta(html: string, contactEmail: string): string {
  const content = escapeHtml(contactEmail);
  // A function, not a replacement string: `$&` or `$'` in the address must stay text.
  return html.replace(
    '</head>',
    () => `  <meta name="hearth-contact-email" content="${content}" />\n  </head>`,
  );
}
