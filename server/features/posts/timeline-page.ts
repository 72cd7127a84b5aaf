import type { FastifyReply } from 'fastify';
import { type Post, PostSchema } from '../../../shared/api/posts';
import type { AppContext } from '../../context';
import { readingGroup } from '../../db/read-cache';
import { sendPage } from '../../http/kept-page';
import { resolveMentions } from '../mentions/mentions.service';
import { NO_COUNTS, liveFieldsOf, presentPosts } from './posts.presenter';
import { postCounts, timelineQuery, type TimelineFilter } from './posts.repo';

/** A post's fields that `postCounts` reads: a kept page holds its posts' text without them. */
const LIVE_KEYS = {
  likes_count: true,
  comments_count: true,
  liked_by_current_user: true,
  reactions: true,
  pinned: true,
  poll: true,
} as const satisfies Record<keyof ReturnType<typeof liveFieldsOf>, true>;
const StillPostSchema = PostSchema.omit(LIVE_KEYS);
const LivePostSchema = PostSchema.pick(LIVE_KEYS);

/**
 * Sends one page of posts the viewer may see (the timeline, a group's, a member's), kept until a
 * table it read changes (`sendPage`, ADR 028, ADR 042). The counts and the viewer's likes are
 * read apart, for the page's posts only, so a like or a comment anywhere keeps the page and
 * changes just the counts it shows; each post's other fields are serialised once per kept page,
 * through the post's response schema as the route's serialiser would. Who may ask is the route's to
 * check first.
 */
export function sendTimelinePage(reply: FastifyReply, context: AppContext, filter: TimelineFilter) {
  const { db } = context;
  const cache = context.database.readCache;
  return sendPage(reply, cache, `timeline:${JSON.stringify(filter)}`, {
    // A group's page reads that group's posts only: a post elsewhere keeps it (ADR 056).
    load: async () =>
      filter.groupId
        ? readingGroup(filter.groupId, () => timelineQuery(db, filter))
        : timelineQuery(db, filter),
    limit: filter.limit,
    exactAt: (row) => row.createdAtExact,
    shownAt: (row) => row.createdAt,
    present: async (page, now) => {
      const mentions = await resolveMentions(
        db,
        filter.viewerId,
        page.map((row) => row.content),
      );
      const rows = page.map((row) => ({ ...row, ...NO_COUNTS }));
      return presentPosts(rows, filter.viewerId, context.config.publicOrigin, mentions, now);
    },
    live: {
      key: (ids) => postCountsKey(filter.viewerId, ids),
      load: (ids) => postCounts(db, filter.viewerId, ids),
      still: (post: Post) => JSON.stringify(StillPostSchema.encode(post)),
      fields: (id, counts) => JSON.stringify(LivePostSchema.encode(liveFieldsOf(counts.get(id)))),
    },
  });
}

/** The kept read of some posts' counts for a viewer. */
export function postCountsKey(viewerId: string, ids: string[]): string {
  return `post-counts:${viewerId}:${ids.join(',')}`;
}
