import type { FastifyRequest } from 'fastify';
import {
  CalendarFeedParamsSchema,
  CalendarFeedSchema,
  CreateEventBodySchema,
  EventListSchema,
  EventSchema,
  ReminderDefaultBodySchema,
  ReminderDefaultSchema,
  RemindersBodySchema,
  RsvpBodySchema,
  UpdateEventBodySchema,
} from '../../../shared/api/gatherings';
import { PageQuerySchema } from '../../../shared/api/fields';
import { IdParamsSchema, PostListSchema } from '../../../shared/api/posts';
import { LIMITS } from '../../../shared/domain/constants';
import { decodeCursor } from '../../http/pagination';
import { sendTimelinePage } from '../posts/timeline-page';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { clientSubject } from '../../http/client-ip';
import {
  calendarFeedPath,
  findCalendarFeed,
  loadFeedEvents,
  renewCalendarFeed,
  revokeCalendarFeed,
} from './calendar-feeds.service';
import { eventsCalendar } from './gatherings.calendar';
import { findReminderDefault, saveReminderDefault } from './gatherings.repo';
import { presentEvent, presentEventSummary } from './gatherings.presenter';
import {
  answerEvent,
  cancelEvent,
  chooseReminders,
  createEvent,
  editEvent,
  listUpcoming,
  loadEventWithAnswers,
  loadVisibleEvent,
} from './gatherings.service';

/**
 * Gatherings (issue 30, ADR 057): `/api/group_events` (the live stream is `/api/events`). Every
 * route answers 404 to a member who may not see the event or its group.
 */
export function registerGatheringRoutes(app: App, context: RouteContext) {
  const { db } = context;
  const signedIn = { preValidation: signedInOnly };
  const present = ({ event, answers }: Awaited<ReturnType<typeof loadEventWithAnswers>>, viewerId: string) =>
    presentEvent(event, answers, viewerId);

  /** The member's upcoming events, soonest first: every event they may see that has not ended. */
  app.get(
    '/api/group_events',
    { ...signedIn, schema: { response: { 200: EventListSchema } } },
    async (request) => {
      const user = requireUser(request);
      return (await listUpcoming(db, user.id)).map((row) => presentEventSummary(row, user.id));
    },
  );

  /** A group's upcoming events, for its members. */
  app.get(
    '/api/groups/:id/events',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: EventListSchema } } },
    async (request) => {
      const user = requireUser(request);
      return (await listUpcoming(db, user.id, request.params.id)).map((row) =>
        presentEventSummary(row, user.id),
      );
    },
  );

  app.post(
    '/api/group_events',
    { ...signedIn, schema: { body: CreateEventBodySchema, response: { 201: EventSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const created = await createEvent(context, user.id, request.body.group_event);
      return reply.status(201).send(present(created, user.id));
    },
  );

  app.get(
    '/api/group_events/:id',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: EventSchema } } },
    async (request) => {
      const user = requireUser(request);
      return present(await loadEventWithAnswers(db, request.params.id, user.id), user.id);
    },
  );

  /** The organiser edits the event; everyone who answered is told what changed. */
  app.patch(
    '/api/group_events/:id',
    {
      ...signedIn,
      schema: { params: IdParamsSchema, body: UpdateEventBodySchema, response: { 200: EventSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      return present(await editEvent(context, request.params.id, user.id, request.body.group_event), user.id);
    },
  );

  /** The organiser cancels the event; it stays, marked, and everyone who answered is told. */
  app.post(
    '/api/group_events/:id/cancellation',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: EventSchema } } },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      return present(await cancelEvent(context, request.params.id, user.id), user.id);
    },
  );

  /** The viewer's answer: going (perhaps waiting for a place), maybe or declined. */
  app.put(
    '/api/group_events/:id/rsvp',
    { ...signedIn, schema: { params: IdParamsSchema, body: RsvpBodySchema, response: { 200: EventSchema } } },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      return present(await answerEvent(context, request.params.id, user.id, request.body.rsvp), user.id);
    },
  );

  /**
   * Afterwards (ADR 057): the posts that bring photos of the event, newest first, a page at a time,
   * each as the timeline shows it (the one visibility rule, blocks and Ignore included).
   */
  app.get(
    '/api/group_events/:id/photos',
    {
      ...signedIn,
      schema: { params: IdParamsSchema, querystring: PageQuerySchema, response: { 200: PostListSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const event = await loadVisibleEvent(db, request.params.id, user.id);
      const { after, limit = LIMITS.pageSize } = request.query;
      return sendTimelinePage(reply, context, {
        viewerId: user.id,
        groupId: event.groupId,
        photosOfEventId: event.id,
        cursor: decodeCursor(after),
        limit,
      });
    },
  );

  /** The viewer's reminders for this event (going or maybe answers only). */
  app.put(
    '/api/group_events/:id/reminders',
    {
      ...signedIn,
      schema: { params: IdParamsSchema, body: RemindersBodySchema, response: { 200: EventSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      return present(await chooseReminders(db, request.params.id, user.id, request.body.reminders), user.id);
    },
  );

  /** The event as an iCalendar file, to add to a calendar app. */
  app.get(
    '/api/group_events/:id/calendar.ics',
    { ...signedIn, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      const event = await loadVisibleEvent(db, request.params.id, user.id);
      const body = eventsCalendar([event], { name: event.title, origin: context.config.publicOrigin });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="event.ics"')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
}

/** The member's default reminders before events (Settings → Notifications, ADR 057). */
export function registerReminderDefaultRoutes(app: App, context: RouteContext) {
  const { db } = context;
  const signedIn = { preValidation: signedInOnly };

  app.get(
    '/api/event_reminders',
    { ...signedIn, schema: { response: { 200: ReminderDefaultSchema } } },
    async (request) => ({ choice: await findReminderDefault(db, requireUser(request).id) }),
  );

  app.put(
    '/api/event_reminders',
    { ...signedIn, schema: { body: ReminderDefaultBodySchema, response: { 200: ReminderDefaultSchema } } },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      await saveReminderDefault(db, user.id, request.body.event_reminders.choice);
      return { choice: await findReminderDefault(db, user.id) };
    },
  );
}

/** The member's private calendar feed (ADR 057): its address made, shown once, and revoked. */
export function registerCalendarFeedRoutes(app: App, context: RouteContext) {
  const { db } = context;
  const signedIn = { preValidation: signedInOnly };
  const origin = context.config.publicOrigin;

  app.get(
    '/api/calendar_feed',
    { ...signedIn, schema: { response: { 200: CalendarFeedSchema } } },
    async (request) => {
      const feed = await findCalendarFeed(db, requireUser(request).id);
      return { active: feed !== null, created_at: feed?.createdAt.toISOString() ?? null };
    },
  );

  /** A new address, replacing the last (which stops working at once). */
  app.post(
    '/api/calendar_feed',
    { ...signedIn, schema: { response: { 201: CalendarFeedSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const token = await renewCalendarFeed(db, user.id);
      const feed = await findCalendarFeed(db, user.id);
      return reply.status(201).send({
        active: true,
        created_at: feed!.createdAt.toISOString(),
        url: `${origin}${calendarFeedPath(token)}.ics`,
      });
    },
  );

  app.delete(
    '/api/calendar_feed',
    { ...signedIn, schema: { response: { 200: CalendarFeedSchema } } },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      await revokeCalendarFeed(db, user.id);
      return { active: false, created_at: null };
    },
  );

  /**
   * The feed itself, for calendar apps, which send no session: the long random address is the key.
   * Throttled per address like the other public calls; unknown or revoked: 404.
   */
  app.get(
    '/api/calendar_feeds/:token',
    {
      onRequest: async (request: FastifyRequest) =>
        context.throttle.hit('publishedIp', clientSubject(request)),
      schema: { params: CalendarFeedParamsSchema },
    },
    async (request, reply) => {
      const token = request.params.token.replace(/\.ics$/, '');
      const events = await loadFeedEvents(db, token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(eventsCalendar(events, { name: 'Hearth events', origin }));
    },
  );
}
