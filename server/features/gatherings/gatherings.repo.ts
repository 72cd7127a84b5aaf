import { and, asc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { GroupRole } from '../../../shared/domain/constants';
import type { ReminderChoice, ReminderLead, RsvpStatus } from '../../../shared/domain/gatherings';
import type { DbOrTx } from '../../db/client';
import { groupEventReminders, groupEventRsvps, groupEvents, groups, posts, users } from '../../db/schema';
import { notBlockedCondition, visibleEventsCondition } from '../../policies/visibility';

const mine = alias(groupEventRsvps, 'mine');

/** People of the answers in one state: `going` with a place, `waiting` for one, or a status. */
function headcount(which: 'going' | 'waiting' | 'maybe' | 'declined'): SQL<number> {
  const where = {
    going: sql`r.status = 'going' and not r.waitlisted`,
    waiting: sql`r.status = 'going' and r.waitlisted`,
    maybe: sql`r.status = 'maybe'`,
    declined: sql`r.status = 'declined'`,
  }[which];
  // Going counts guests (they take places); maybe and declined count answers.
  const size = which === 'going' || which === 'waiting' ? sql`1 + r.guests` : sql`1`;
  return sql<number>`(select coalesce(sum(${size}), 0)::int from group_event_rsvps r
    where r.event_id = group_events.id and ${where})`.mapWith(Number);
}

/**
 * What an event and a date poll both show and decide with (`table` joined to the organiser, `users`,
 * and to its group, `groups`): the group's name, the organiser as a person, and the facts the event
 * rule reads about the viewer (role in the group, follow of the organiser, block), which
 * canViewGathering reads back. `table` is written literally so no subquery binds it to its own table.
 */
export function gatheringViewerFields(viewerId: string, table: 'group_events' | 'date_polls') {
  const gathering = sql.raw(table);
  return {
    groupName: groups.name,
    username: users.username,
    firstName: users.firstName,
    lastName: users.lastName,
    avatarFileId: users.avatarFileId,
    viewerRole: sql<GroupRole | null>`(select gr.role from group_roles gr
      where gr.group_id = ${gathering}.group_id and gr.user_id = ${viewerId})`,
    followsOrganizer: sql<boolean>`exists (select 1 from follows f
      where f.followee_id = ${gathering}.organizer_id and f.follower_id = ${viewerId})`.mapWith(Boolean),
    blockedWithOrganizer: sql<boolean>`not ${notBlockedCondition(
      viewerId,
      sql.raw(`${table}.organizer_id`),
    )}`.mapWith(Boolean),
  };
}

/**
 * The columns of an event with what the viewer needs: the organiser, the group, the counts, the
 * viewer's own answer and the facts the visibility rule reads (gatheringViewerFields). Outer columns
 * are written `group_events.…` literally so no subquery binds them to its own table.
 */
function eventFields(viewerId: string) {
  return {
    id: groupEvents.id,
    groupId: groupEvents.groupId,
    organizerId: groupEvents.organizerId,
    title: groupEvents.title,
    description: groupEvents.description,
    startsAt: groupEvents.startsAt,
    endsAt: groupEvents.endsAt,
    timeZone: groupEvents.timeZone,
    allDay: groupEvents.allDay,
    place: groupEvents.place,
    mapUrl: groupEvents.mapUrl,
    capacity: groupEvents.capacity,
    guestsAllowed: groupEvents.guestsAllowed,
    cancelledAt: groupEvents.cancelledAt,
    createdAt: groupEvents.createdAt,
    updatedAt: groupEvents.updatedAt,
    postId: sql<string | null>`(select p.id from posts p where p.event_id = group_events.id)`,
    goingCount: headcount('going'),
    waitlistCount: headcount('waiting'),
    maybeCount: headcount('maybe'),
    declinedCount: headcount('declined'),
    myStatus: mine.status,
    myGuests: mine.guests,
    myWaitlisted: mine.waitlisted,
    myReminders: mine.reminders,
    defaultReminders: sql<ReminderChoice>`(select u.event_reminders from users u where u.id = ${viewerId})`,
    ...gatheringViewerFields(viewerId, 'group_events'),
  };
}

export function selectEvents(db: DbOrTx, viewerId: string) {
  return db
    .select(eventFields(viewerId))
    .from(groupEvents)
    .innerJoin(users, eq(users.id, groupEvents.organizerId))
    .leftJoin(groups, eq(groups.id, groupEvents.groupId))
    .leftJoin(mine, and(eq(mine.eventId, groupEvents.id), eq(mine.userId, viewerId)))
    .$dynamic();
}

export type EventRow = NonNullable<Awaited<ReturnType<typeof findEventForViewer>>>;

/** One event with the viewer's facts, whether or not the viewer may see it (the caller decides). */
export async function findEventForViewer(db: DbOrTx, eventId: string, viewerId: string) {
  const [row] = await selectEvents(db, viewerId).where(eq(groupEvents.id, eventId)).limit(1);
  return row ?? null;
}

/**
 * The events the viewer may see that have not ended by `from` and are not cancelled, soonest
 * first: one group's (group_events_group_starts_idx) or every one (the member's upcoming page).
 */
export async function listUpcomingEvents(
  db: DbOrTx,
  viewerId: string,
  filter: { groupId?: string; from: Date; limit: number },
) {
  const conditions = [
    visibleEventsCondition(viewerId),
    gte(groupEvents.endsAt, filter.from),
    isNull(groupEvents.cancelledAt),
  ];
  if (filter.groupId) conditions.push(eq(groupEvents.groupId, filter.groupId));
  return selectEvents(db, viewerId)
    .where(and(...conditions))
    .orderBy(asc(groupEvents.startsAt), asc(groupEvents.id))
    .limit(filter.limit);
}

export type NewEvent = Omit<
  typeof groupEvents.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'cancelledAt'
>;

export async function insertEvent(db: DbOrTx, values: NewEvent) {
  const [row] = await db.insert(groupEvents).values(values).returning({ id: groupEvents.id });
  return row!;
}

export async function updateEvent(db: DbOrTx, eventId: string, values: Partial<NewEvent>) {
  await db
    .update(groupEvents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(groupEvents.id, eventId));
}

export async function markEventCancelled(db: DbOrTx, eventId: string): Promise<boolean> {
  const rows = await db
    .update(groupEvents)
    .set({ cancelledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(groupEvents.id, eventId), isNull(groupEvents.cancelledAt)))
    .returning({ id: groupEvents.id });
  return rows.length > 0;
}

/**
 * The event's row locked for the rest of the transaction: answers to one event are decided one
 * after another, so two answers at once never both take its last place (ADR 057).
 */
export async function lockEvent(db: DbOrTx, eventId: string) {
  const [row] = await db
    .select({ capacity: groupEvents.capacity })
    .from(groupEvents)
    .where(eq(groupEvents.id, eventId))
    .for('update');
  return row ?? null;
}

/** People holding a place now (guests counted); read under the event's lock. */
export async function countPlacesTaken(db: DbOrTx, eventId: string): Promise<number> {
  const [row] = await db
    .select({ taken: sql<number>`coalesce(sum(1 + ${groupEventRsvps.guests}), 0)::int`.mapWith(Number) })
    .from(groupEventRsvps)
    .where(
      and(
        eq(groupEventRsvps.eventId, eventId),
        eq(groupEventRsvps.status, 'going'),
        eq(groupEventRsvps.waitlisted, false),
      ),
    );
  return row?.taken ?? 0;
}

export async function findRsvp(db: DbOrTx, eventId: string, userId: string) {
  const [row] = await db
    .select()
    .from(groupEventRsvps)
    .where(and(eq(groupEventRsvps.eventId, eventId), eq(groupEventRsvps.userId, userId)));
  return row ?? null;
}

/** Whether anyone is waiting for a place (a newcomer then queues behind them). */
export async function hasWaitingList(db: DbOrTx, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: groupEventRsvps.userId })
    .from(groupEventRsvps)
    .where(and(eq(groupEventRsvps.eventId, eventId), eq(groupEventRsvps.waitlisted, true)))
    .limit(1);
  return Boolean(row);
}

export async function upsertRsvp(
  db: DbOrTx,
  values: {
    eventId: string;
    userId: string;
    status: RsvpStatus;
    guests: number;
    waitlisted: boolean;
    goingSince: Date | null;
  },
) {
  const now = new Date();
  const { eventId: _event, userId: _user, ...changes } = values;
  await db
    .insert(groupEventRsvps)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [groupEventRsvps.eventId, groupEventRsvps.userId],
      set: { ...changes, updatedAt: now },
    });
}

/** The member's reminders for one event they answered; null: their default. */
export async function setRsvpReminders(
  db: DbOrTx,
  eventId: string,
  userId: string,
  reminders: ReminderChoice | null,
) {
  await db
    .update(groupEventRsvps)
    .set({ reminders, updatedAt: new Date() })
    .where(and(eq(groupEventRsvps.eventId, eventId), eq(groupEventRsvps.userId, userId)));
}

/** Those waiting for a place, first come first: who moves up when places free. */
export async function listWaiting(db: DbOrTx, eventId: string) {
  return db
    .select({ userId: groupEventRsvps.userId, guests: groupEventRsvps.guests })
    .from(groupEventRsvps)
    .where(and(eq(groupEventRsvps.eventId, eventId), eq(groupEventRsvps.waitlisted, true)))
    .orderBy(asc(groupEventRsvps.goingSince), asc(groupEventRsvps.userId));
}

export async function giveWaitingPlace(db: DbOrTx, eventId: string, userId: string) {
  await db
    .update(groupEventRsvps)
    .set({ waitlisted: false, updatedAt: new Date() })
    .where(and(eq(groupEventRsvps.eventId, eventId), eq(groupEventRsvps.userId, userId)));
}

/** Everyone who answered the event, whatever they said: who hears of an edit or a cancellation. */
export async function listRespondents(db: DbOrTx, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: groupEventRsvps.userId })
    .from(groupEventRsvps)
    .where(eq(groupEventRsvps.eventId, eventId));
  return rows.map((row) => row.userId);
}

/**
 * The answers the viewer may see, in the order given: none from a member a block separates from
 * the viewer, either way.
 */
export async function listVisibleAnswers(db: DbOrTx, eventId: string, viewerId: string) {
  return db
    .select({
      userId: groupEventRsvps.userId,
      status: groupEventRsvps.status,
      guests: groupEventRsvps.guests,
      waitlisted: groupEventRsvps.waitlisted,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarFileId: users.avatarFileId,
    })
    .from(groupEventRsvps)
    .innerJoin(users, eq(users.id, groupEventRsvps.userId))
    .where(
      and(
        eq(groupEventRsvps.eventId, eventId),
        notBlockedCondition(viewerId, sql.raw('group_event_rsvps.user_id')),
      ),
    )
    .orderBy(asc(groupEventRsvps.createdAt), asc(groupEventRsvps.userId));
}

/** The event's card in its group's timeline, if it has one. */
export async function findEventPostId(db: DbOrTx, eventId: string): Promise<string | null> {
  const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.eventId, eventId));
  return row?.id ?? null;
}

/**
 * Who may be reminded of the events starting in (`from`, `until`], not cancelled: members going with
 * a place or answering maybe (a waiting answer has no place to be reminded of), each with their
 * choice for the event or else their default, and the reminders already sent for its start.
 */
export async function listReminderCandidates(db: DbOrTx, from: Date, until: Date) {
  const rows = await db
    .select({
      eventId: groupEvents.id,
      title: groupEvents.title,
      groupId: groupEvents.groupId,
      startsAt: groupEvents.startsAt,
      timeZone: groupEvents.timeZone,
      editedAt: groupEvents.updatedAt,
      userId: groupEventRsvps.userId,
      answeredAt: groupEventRsvps.createdAt,
      choice: sql<ReminderChoice>`coalesce(${groupEventRsvps.reminders}, ${users.eventReminders})`,
    })
    .from(groupEvents)
    .innerJoin(groupEventRsvps, eq(groupEventRsvps.eventId, groupEvents.id))
    .innerJoin(users, eq(users.id, groupEventRsvps.userId))
    .where(
      and(
        isNull(groupEvents.cancelledAt),
        gt(groupEvents.startsAt, from),
        lte(groupEvents.startsAt, until),
        or(
          eq(groupEventRsvps.status, 'maybe'),
          and(eq(groupEventRsvps.status, 'going'), eq(groupEventRsvps.waitlisted, false)),
        ),
      ),
    );
  const eventIds = [...new Set(rows.map((row) => row.eventId))];
  const sent =
    eventIds.length === 0
      ? []
      : await db
          .select({
            eventId: groupEventReminders.eventId,
            userId: groupEventReminders.userId,
            lead: groupEventReminders.lead,
            startsAt: groupEventReminders.startsAt,
          })
          .from(groupEventReminders)
          .where(inArray(groupEventReminders.eventId, eventIds));
  return rows.map((row) => ({
    ...row,
    handled: sent
      .filter(
        (reminder) =>
          reminder.eventId === row.eventId &&
          reminder.userId === row.userId &&
          reminder.startsAt.getTime() === row.startsAt.getTime(),
      )
      .map((reminder) => reminder.lead),
  }));
}

/**
 * Records reminders as sent, answering those that were not yet: a reminder another worker recorded
 * first (or a run before a crash that committed) is left out, so it goes out once.
 */
export async function recordReminders(
  db: DbOrTx,
  reminders: Array<{ eventId: string; userId: string; lead: ReminderLead; startsAt: Date }>,
) {
  if (reminders.length === 0) return [];
  return db.insert(groupEventReminders).values(reminders).onConflictDoNothing().returning({
    eventId: groupEventReminders.eventId,
    userId: groupEventReminders.userId,
    lead: groupEventReminders.lead,
  });
}

/** The reminders a member wants unless they choose per event. */
export async function findReminderDefault(db: DbOrTx, userId: string): Promise<ReminderChoice> {
  const [row] = await db.select({ choice: users.eventReminders }).from(users).where(eq(users.id, userId));
  return row?.choice ?? 'both';
}

export async function saveReminderDefault(db: DbOrTx, userId: string, choice: ReminderChoice) {
  await db.update(users).set({ eventReminders: choice, updatedAt: new Date() }).where(eq(users.id, userId));
}
