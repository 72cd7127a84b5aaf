import { randomUUID } from 'node:crypto';
import { enqueueLinkProcessing } from '../../server/features/links/links.job';
import type { TestApp } from './test-app';

/**
 * For a test app without a worker (`services: ['web']`, so nothing is fetched): pg-boss looks a
 * queue up outside any transaction on its first send, which a worker does at start. On PGlite's
 * single connection that look-up would wait for the very transaction that shares a link, so it is
 * done once here, as a worker would (one job for no link, never run).
 */
export async function warmLinkQueue(app: TestApp) {
  await enqueueLinkProcessing(app.context, randomUUID());
}
