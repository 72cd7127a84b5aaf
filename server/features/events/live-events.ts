import { sql } from 'drizzle-orm';
import type { LiveEvent } from '../../../shared/api/live-events';
import type { DbOrTx } from '../../db/client';

/**
 * Live updates travel as PostgreSQL notifications on one channel, so every web process hears
 * every event whichever process (or worker) caused it; each process then forwards an event to the
 * Server-Sent Event streams of the members in its audience. A notification sent inside a
 * transaction is delivered only if the transaction commits.
 */
export const LIVE_EVENTS_CHANNEL = 'hearth_events';

export type { LiveEvent };

/** Who receives an event: named members, or every member signed in (visibility is re-checked by the reader). */
export type LiveAudience = { userIds: string[] } | { allMembers: true };

export interface LiveMessage {
  audience: LiveAudience;
  event: LiveEvent;
  /**
   * The member whose doing the event reports (a comment's author, a liker): no member blocked with
   * them, either way, hears of it. It stays on the server; streams receive `event` alone.
   */
  actorId?: string;
}

/** The message that carries `event` to `audience` on the channel. */
export function liveMessage(audience: LiveAudience, event: LiveEvent, actorId?: string): LiveMessage {
  return actorId ? { audience, event, actorId } : { audience, event };
}

/** Sends an event to its audience; pass the transaction that made the change so both commit together. */
export async function publishLiveEvent(
  db: DbOrTx,
  audience: LiveAudience,
  event: LiveEvent,
  { actorId }: { actorId?: string } = {},
): Promise<void> {
  await db.execute(
    sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${JSON.stringify(liveMessage(audience, event, actorId))})`,
  );
}
