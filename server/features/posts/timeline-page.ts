import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { sendPage } from '../../http/kept-page';
import { resolveMentions } from '../mentions/mentions.service';
import { presentPosts } from './posts.presenter';
import { timelineQuery, type TimelineFilter } from './posts.repo';

/**
 * Sends one page of posts the viewer may see (the timeline, a group's, a member's), kept between
 * writes on the embedded database (`sendPage`, ADR 028). Who may ask is the route's to check first.
 */
export function sendTimelinePage(reply: FastifyReply, context: AppContext, filter: TimelineFilter) {
  const { db } = context;
  return sendPage(reply, context.database.readCache, `timeline:${JSON.stringify(filter)}`, {
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
      return presentPosts(page, filter.viewerId, context.config.publicOrigin, mentions, now);
    },
  });
}
