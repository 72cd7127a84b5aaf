import type { Post } from '../../../shared/api/posts';
import { agesReadUntil, agesStillRead } from '../../../shared/domain/time';
import type { AppContext } from '../../context';
import type { ReadCache } from '../../db/read-cache';
import { resolveMentions } from '../mentions/mentions.service';
import { NO_COUNTS, presentPosts, withCounts } from './posts.presenter';
import { postCounts, type StillPostRow } from './posts.repo';
import { postCountsKey } from './timeline-page';

/**
 * Posts the viewer may see (a post, search results, a group's pins) as the API shows them, kept in
 * `cache` under `key` until a table their load read changes or a relative time on them would read
 * differently (ADR 042). `load` reads them without their counts, which are filled in per request
 * from a kept read of their own, so a like keeps the list. Who may ask is the caller's to check,
 * inside `load` or before.
 */
export async function keptPosts(
  context: Pick<AppContext, 'db' | 'config' | 'database'>,
  cache: ReadCache,
  key: string,
  viewerId: string,
  load: () => Promise<StillPostRow[]>,
): Promise<Post[]> {
  const { db } = context;
  const kept = await cache.read(
    key,
    async () => {
      const rows = await load();
      const mentions = await resolveMentions(
        db,
        viewerId,
        rows.map((row) => row.content),
      );
      const now = new Date();
      const still = rows.map((row) => ({ ...row, ...NO_COUNTS }));
      return {
        items: presentPosts(still, viewerId, context.config.publicOrigin, mentions, now),
        agesReadUntil: agesReadUntil(
          rows.map((row) => row.createdAt),
          now,
        ),
      };
    },
    agesStillRead,
  );
  const ids = kept.items.map((post) => post.id);
  const counts = await context.database.readCache.read(postCountsKey(viewerId, ids), () =>
    postCounts(db, viewerId, ids),
  );
  return kept.items.map((post) => withCounts(post, counts.get(post.id)));
}
