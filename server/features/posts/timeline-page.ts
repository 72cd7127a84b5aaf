import type { FastifyReply } from 'fastify';
import type { Post } from '../../../shared/api/posts';
import type { AppContext } from '../../context';
import { sendPage } from '../../http/kept-page';
import { resolveMentions } from '../mentions/mentions.service';
import { presentPosts } from './posts.presenter';
import { type PostCounts, postCounts, timelineQuery, type TimelineFilter } from './posts.repo';

/** Until the counts are read per request: what a page's posts are built with. */
const NO_COUNTS: PostCounts = { likesCount: 0, commentsCount: 0, likedByViewer: false };

/**
 * Sends one page of posts the viewer may see (the timeline, a group's, a member's), kept until a
 * table it read changes (`sendPage`, ADR 028, ADR 041). The counts and the viewer's likes are
 * read apart, for the page's posts only, so a like or a comment anywhere keeps the page and
 * changes just the counts it shows. Who may ask is the route's to check first.
 */
export function sendTimelinePage(reply: FastifyReply, context: AppContext, filter: TimelineFilter) {
  const { db } = context;
  const cache = context.database.readCache;
  return sendPage(reply, cache, `timeline:${JSON.stringify(filter)}`, {
    load: async () => timelineQuery(db, filter),
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
      key: (ids) => `post-counts:${filter.viewerId}:${ids.join(',')}`,
      load: (ids) => postCounts(db, filter.viewerId, ids),
      apply: (items, counts) =>
        (items as Post[]).map((post) => {
          const live = counts.get(post.id) ?? NO_COUNTS;
          return {
            ...post,
            likes_count: live.likesCount,
            comments_count: live.commentsCount,
            liked_by_current_user: live.likedByViewer,
          };
        }),
    },
  });
}
