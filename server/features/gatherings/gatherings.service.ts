import { eq } from 'drizzle-orm';
import type {
  CreateEventBody,
  RemindersBody,
  RsvpBody,
  UpdateEventBody,
} from '../../../shared/api/gatherings';
import { EVENT_LIMITS, EVENT_MESSAGES } from '../../../shared/domain/gatherings';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { forbidden, HttpError, invalidField, notFound } from '../../http/errors';
import { isMember } from '../../policies/group-roles';
import { publishLiveEvent } from '../events/live-events';
import { findGroupWithRole } from '../groups/memberships';
import { notify } from '../notifications/notify';
import { insertPost, updatePostText } from '../posts/posts.repo';
import { announceNewPost, type PostContext } from '../posts/posts.service';
import { enqueueSearchIndex } from '../search/search.job';
import { canCreateEventIn, canEditEvent, canViewGathering, fitsCapacity } from './gatherings.policy';
import {
  countPlacesTaken,
  findEventForViewer,
  findRsvp,
  giveWaitingPlace,
  hasWaitingList,
  insertEvent,
  listRespondents,
  listUpcomingEvents,
  listVisibleAnswers,
  listWaiting,
  lockEvent,
  markEventCancelled,
  setRsvpReminders,
  updateEvent,
  upsertRsvp,
  type EventRow,
  type NewEvent,
} from './gatherings.repo';
import { newEventTimes, resolveEventTimes } from './gatherings.times';

/**
 * The event, if the viewer may see it (the one visibility rule, blocks included); otherwise 404,
 * so a hidden event's existence never leaks.
 */
export async function loadVisibleEvent(db: DbOrTx, eventId: string, viewerId: string): Promise<EventRow> {
  const row = await findEventForViewer(db, eventId, viewerId);
  if (!row || !canViewGathering(row, viewerId)) throw notFound();
  return row;
}

/** The event and the answers the viewer may see. */
export async function loadEventWithAnswers(db: DbOrTx, eventId: string, viewerId: string) {
  const event = await loadVisibleEvent(db, eventId, viewerId);
  return { event, answers: await listVisibleAnswers(db, eventId, viewerId) };
}

/** The zone a member lives in (their settings), for an event that names none. */
export async function memberTimeZone(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.timeZone ?? 'UTC';
}

/**
 * Tells open pages that an event changed (its counts, its details), only once the change commits.
 * Reaches those who may see it (live-audience), so an open event page or card reloads it.
 */
async function publishEventChanged(tx: DbOrTx, event: { id: string }) {
  await publishLiveEvent(tx, { allMembers: true }, { type: 'group_event.updated', eventId: event.id });
}

/**
 * The member's role in a group's gatherings: a member's, or 404 for a group they may not see, so
 * its events and polls (and its existence) stay hidden as its posts are.
 */
export async function memberRoleIn(db: DbOrTx, groupId: string, userId: string) {
  const group = await findGroupWithRole(db, groupId, userId);
  if (!group || !isMember(group.role)) throw notFound();
  return group.role;
}

/** May the member organise in this group (404 if they may not see it, 403 for a Commentor)? */
export async function checkMayOrganize(db: DbOrTx, organizerId: string, groupId: string | null) {
  if (!groupId) return;
  const role = await memberRoleIn(db, groupId, organizerId);
  if (!canCreateEventIn(groupId, role)) throw forbidden("You don't have permission to post in this group.");
}

/** What writing an event needs besides the organiser: its group, fields and instants. */
export type EventDraft = Omit<NewEvent, 'organizerId'>;

/**
 * Writes an event in the caller's transaction: the event, the organiser going, and in a group its
 * card (writeGatheringCard), so the timeline, search, the group's news and the visibility rule apply
 * as they are. Answers the event's id.
 */
export async function writeEvent(context: PostContext, tx: DbOrTx, organizerId: string, draft: EventDraft) {
  const event = await insertEvent(tx, { ...draft, organizerId });
  await upsertRsvp(tx, {
    eventId: event.id,
    userId: organizerId,
    status: 'going',
    guests: 0,
    waitlisted: false,
    goingSince: new Date(),
  });
  if (draft.groupId) {
    await writeGatheringCard(context, tx, {
      organizerId,
      groupId: draft.groupId,
      title: draft.title,
      description: draft.description ?? '',
      eventId: event.id,
    });
  }
  return event.id;
}

/**
 * An event's or a date poll's card in its group's timeline: a post of the group by the organiser,
 * titled as the gathering, that names what it is the card of (`eventId` or `datePollId`). Written in
 * the caller's transaction and announced as any new post is.
 */
export async function writeGatheringCard(
  context: PostContext,
  tx: DbOrTx,
  card: { organizerId: string; groupId: string; title: string; description: string } & (
    { eventId: string } | { datePollId: string }
  ),
) {
  const { organizerId, groupId, title, description, ...cardOf } = card;
  const post = await insertPost(tx, {
    userId: organizerId,
    groupId,
    tldr: title,
    content: description,
    fileId: null,
    ...cardOf,
  });
  await announceNewPost(context, tx, { id: post.id, authorId: organizerId, groupId, content: description });
}

/**
 * A member creates an event (ADR 057): in a group where they may post (a member who may not see
 * the group gets the group's 404, a Commentor 403), or for their followers. The organiser is going.
 */
export async function createEvent(
  context: PostContext,
  organizerId: string,
  input: CreateEventBody['group_event'],
) {
  const { db } = context;
  const groupId = input.group_id ?? null;
  await checkMayOrganize(db, organizerId, groupId);
  const timeZone = input.time_zone ?? (await memberTimeZone(db, organizerId));
  const times = newEventTimes(input, timeZone);
  const id = await db.transaction((tx) =>
    writeEvent(context, tx, organizerId, {
      groupId,
      title: input.title,
      description: input.description,
      ...times,
      timeZone,
      allDay: input.all_day ?? false,
      place: input.place,
      mapUrl: input.map_url ?? null,
      capacity: input.capacity ?? null,
      guestsAllowed: input.guests_allowed ?? false,
    }),
  );
  return loadEventWithAnswers(db, id, organizerId);
}

/** The words an edit's news names ("the time and the place"), in a fixed order. */
function changedAspects(
  event: EventRow,
  next: Required<Omit<NewEvent, 'groupId' | 'organizerId'>>,
): string[] {
  const changed = (...pairs: [unknown, unknown][]) =>
    pairs.some(([a, b]) => (a instanceof Date && b instanceof Date ? a.getTime() !== b.getTime() : a !== b));
  return [
    changed([event.title, next.title]) && 'title',
    changed([event.startsAt, next.startsAt], [event.endsAt, next.endsAt], [event.allDay, next.allDay]) &&
      'time',
    changed([event.place, next.place], [event.mapUrl, next.mapUrl]) && 'place',
    changed([event.description, next.description]) && 'description',
    changed([event.capacity, next.capacity]) && 'capacity',
    changed([event.guestsAllowed, next.guestsAllowed]) && 'guests',
  ].filter((aspect): aspect is string => Boolean(aspect));
}

/** A cancelled event stays as it was: no edits, no answers (422). */
function refuseIfCancelled(event: EventRow, field: string) {
  if (event.cancelledAt) throw invalidField(field, EVENT_MESSAGES.cancelled);
}

/**
 * The organiser edits their event (others 403; 404 if unseen). Times not given keep their instants;
 * a new zone reads the given times in it. In one transaction: the event, its card's text (indexed
 * again), the waiting list moved up if the capacity grew, and everyone who answered told what
 * changed through notify (inbox, badge, mail, push by their preferences). Nothing changed: nobody
 * is told.
 */
export async function editEvent(
  context: PostContext,
  eventId: string,
  viewerId: string,
  input: UpdateEventBody['group_event'],
) {
  const { db } = context;
  const event = await loadVisibleEvent(db, eventId, viewerId);
  if (!canEditEvent(viewerId, event)) throw forbidden();
  refuseIfCancelled(event, 'base');
  const timeZone = input.time_zone ?? event.timeZone;
  const allDay = input.all_day ?? event.allDay;
  const times = resolveEventTimes({
    timeZone,
    allDay,
    startsAt: input.starts_at ?? event.startsAt,
    endsAt: input.ends_at ?? event.endsAt,
  });
  const next = {
    title: input.title ?? event.title,
    description: input.description ?? event.description,
    ...times,
    timeZone,
    allDay,
    place: input.place === undefined ? event.place : input.place,
    mapUrl: input.map_url === undefined ? event.mapUrl : input.map_url,
    capacity: input.capacity === undefined ? event.capacity : input.capacity,
    guestsAllowed: input.guests_allowed ?? event.guestsAllowed,
  };
  const changes = changedAspects(event, next);
  if (changes.length > 0) {
    await db.transaction(async (tx) => {
      await lockEvent(tx, eventId);
      await updateEvent(tx, eventId, next);
      if (event.postId && (changes.includes('title') || changes.includes('description'))) {
        await updatePostText(tx, event.postId, { tldr: next.title, content: next.description });
        await enqueueSearchIndex(context, { kind: 'post', id: event.postId }, tx);
      }
      const promoted = await moveUpWaitingList(tx, eventId, next.capacity);
      await tellRespondents(tx, event, viewerId, { title: next.title, changes });
      await tellPromoted(tx, event, promoted, next.title);
      await publishEventChanged(tx, event);
    });
  }
  return loadEventWithAnswers(db, eventId, viewerId);
}

/** Everyone who answered hears of an edit or a cancellation (the organiser aside: notify drops it). */
async function tellRespondents(tx: DbOrTx, event: EventRow, actorId: string, data: Record<string, unknown>) {
  const respondents = await listRespondents(tx, event.id);
  await notify(
    tx,
    respondents.map((recipientId) => ({
      recipientId,
      actorId,
      kind: 'event_changed' as const,
      eventId: event.id,
      groupId: event.groupId,
      data,
    })),
  );
}

/** Those a freed place moved off the waiting list hear that they are going. */
async function tellPromoted(tx: DbOrTx, event: AnsweredEvent, promoted: string[], title: string) {
  await notify(
    tx,
    promoted.map((recipientId) => ({
      recipientId,
      actorId: null,
      kind: 'event_promoted' as const,
      eventId: event.id,
      groupId: event.groupId,
      data: { title },
    })),
  );
}

/**
 * The organiser cancels the event (others 403). It stays, marked cancelled, with its answers and
 * its card; everyone who answered is told. Cancelling a cancelled event changes nothing.
 */
export async function cancelEvent(context: PostContext, eventId: string, viewerId: string) {
  const { db } = context;
  const event = await loadVisibleEvent(db, eventId, viewerId);
  if (!canEditEvent(viewerId, event)) throw forbidden();
  await db.transaction(async (tx) => {
    if (!(await markEventCancelled(tx, eventId))) return;
    await tellRespondents(tx, event, viewerId, { title: event.title, cancelled: true });
    await publishEventChanged(tx, event);
  });
  return loadEventWithAnswers(db, eventId, viewerId);
}

/**
 * Moves waiting answers up, first come first, while they fit (guests included); stops at the first
 * that does not, so nobody is overtaken by a smaller party. No capacity: everyone waiting goes.
 * Places already given are never taken back when the capacity shrinks. Answers who moved up.
 */
async function moveUpWaitingList(tx: DbOrTx, eventId: string, capacity: number | null): Promise<string[]> {
  let taken = await countPlacesTaken(tx, eventId);
  const promoted: string[] = [];
  for (const waiting of await listWaiting(tx, eventId)) {
    if (!fitsCapacity(capacity, taken, 1 + waiting.guests)) break;
    await giveWaitingPlace(tx, eventId, waiting.userId);
    taken += 1 + waiting.guests;
    promoted.push(waiting.userId);
  }
  return promoted;
}

/** What an answer needs of its event: which one, and what its news names. */
type AnsweredEvent = Pick<EventRow, 'id' | 'title' | 'groupId'>;

/**
 * A member who may see the event answers it, or changes their answer (ADR 057). Decided under the
 * event's row lock, so answers at capacity are taken one after another and never overfill it:
 * - `going` with a place keeps it (more guests than the places left: 422 on `guests`);
 * - `going` while waiting keeps its turn; a new `going` waits when it does not fit or others
 *   already wait (it queues behind them);
 * - `maybe` or `declined` gives a place back, and the waiting list moves up at once (those who
 *   move up are told).
 * Guests only where the organiser allows them; a cancelled event takes no answers (422).
 */
export async function answerEvent(
  context: PostContext,
  eventId: string,
  viewerId: string,
  input: RsvpBody['rsvp'],
) {
  const { db } = context;
  const event = await loadVisibleEvent(db, eventId, viewerId);
  refuseIfCancelled(event, 'status');
  const guests = input.status === 'going' ? (input.guests ?? 0) : 0;
  if (guests > 0 && !event.guestsAllowed) throw invalidField('guests', EVENT_MESSAGES.noGuests);
  await db.transaction((tx) => decideAnswer(tx, event, viewerId, { status: input.status, guests }));
  return loadEventWithAnswers(db, eventId, viewerId);
}

/**
 * An answer decided in the caller's transaction, under the event's row lock (taken here): the one
 * way a member becomes going, waiting or not, whether they answer or a date poll answers for them.
 */
export async function decideAnswer(
  tx: DbOrTx,
  event: AnsweredEvent,
  userId: string,
  input: { status: RsvpBody['rsvp']['status']; guests: number },
) {
  const locked = await lockEvent(tx, event.id);
  if (!locked) throw notFound();
  const { guests } = input;
  const previous = await findRsvp(tx, event.id, userId);
  const hadPlace = previous?.status === 'going' && !previous.waitlisted;
  const wasWaiting = previous?.status === 'going' && previous.waitlisted;
  let waitlisted = false;
  let goingSince: Date | null = null;
  if (input.status === 'going') {
    const taken = (await countPlacesTaken(tx, event.id)) - (hadPlace ? 1 + previous.guests : 0);
    const fits = fitsCapacity(locked.capacity, taken, 1 + guests);
    if (hadPlace && !fits) {
      const left = Math.max(0, (locked.capacity ?? 0) - taken - 1);
      throw new HttpError(422, { errors: { guests: [`are more than the places left (${left})`] } });
    }
    waitlisted = wasWaiting || (!hadPlace && (!fits || (await hasWaitingList(tx, event.id))));
    goingSince = hadPlace || wasWaiting ? previous.goingSince : new Date();
  }
  await upsertRsvp(tx, { eventId: event.id, userId, status: input.status, guests, waitlisted, goingSince });
  const promoted = await moveUpWaitingList(tx, event.id, locked.capacity);
  await tellPromoted(tx, event, promoted, event.title);
  await publishEventChanged(tx, event);
}

/** Upcoming events the member may see: one group's (members only: 404 otherwise), or all of them. */
export async function listUpcoming(db: DbOrTx, viewerId: string, groupId?: string) {
  if (groupId) await memberRoleIn(db, groupId, viewerId);
  return listUpcomingEvents(db, viewerId, { groupId, from: new Date(), limit: EVENT_LIMITS.upcomingMax });
}

/**
 * The viewer's reminders for one event (ADR 057): off, the day before, an hour before, both, or
 * `default` (their default in Settings → Notifications). Only for an answer that is reminded:
 * going or maybe (422 otherwise, on `choice`); a cancelled event reminds nobody.
 */
export async function chooseReminders(
  db: DbOrTx,
  eventId: string,
  viewerId: string,
  input: RemindersBody['reminders'],
) {
  await loadVisibleEvent(db, eventId, viewerId);
  const answer = await findRsvp(db, eventId, viewerId);
  if (!answer || answer.status === 'declined') {
    throw invalidField('choice', EVENT_MESSAGES.remindersNeedAnswer);
  }
  await setRsvpReminders(db, eventId, viewerId, input.choice === 'default' ? null : input.choice);
  return loadEventWithAnswers(db, eventId, viewerId);
}
