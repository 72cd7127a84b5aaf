import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { calendarFeeds, groupEvents } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/tokens';
import { notFound } from '../../http/errors';
import { visibleEventsCondition } from '../../policies/visibility';
import { selectEvents } from './gatherings.repo';

/** How far back a feed reaches (a calendar keeps what it has already), and how many events it holds. */
const FEED_PAST_DAYS = 30;
const FEED_MAX_EVENTS = 500;

export const calendarFeedPath = (token: string) => `/api/calendar_feeds/${token}`;

/**
 * A member's private calendar feed (ADR 057): a new address, shown once (only its SHA-256 is kept),
 * replacing the one before, which stops working at once.
 */
export async function renewCalendarFeed(db: DbOrTx, userId: string): Promise<string> {
  const token = randomToken(32);
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hashToken(token), createdAt: new Date() })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: hashToken(token), createdAt: new Date() },
    });
  return token;
}

/** Revokes the member's feed: its address answers 404 from now on. */
export async function revokeCalendarFeed(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** Whether the member has a feed, and since when (the address itself is not kept). */
export async function findCalendarFeed(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

/**
 * The events a feed's owner may see now (the one visibility rule, read at each fetch: leaving a
 * group or a block takes its events out) and has not declined, from a month back on; cancelled ones
 * stay, marked, so subscribed calendars drop them. An unknown or revoked address is a 404.
 */
export async function loadFeedEvents(db: DbOrTx, token: string) {
  const [feed] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashToken(token)));
  if (!feed) throw notFound();
  const from = new Date(Date.now() - FEED_PAST_DAYS * 86_400_000);
  const notDeclined = sql`not exists (
    select 1 from group_event_rsvps feed_r
    where feed_r.event_id = group_events.id and feed_r.user_id = ${feed.userId} and feed_r.status = 'declined'
  )`;
  return selectEvents(db, feed.userId)
    .where(and(visibleEventsCondition(feed.userId), gte(groupEvents.endsAt, from), notDeclined))
    .orderBy(asc(groupEvents.startsAt), asc(groupEvents.id))
    .limit(FEED_MAX_EVENTS);
}
