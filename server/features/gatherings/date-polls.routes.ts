import {
  CreateDatePollBodySchema,
  DatePollAnswersBodySchema,
  DatePollListSchema,
  DatePollSchema,
  ScheduleDatePollBodySchema,
} from '../../../shared/api/date-polls';
import { IdParamsSchema } from '../../../shared/api/posts';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { presentDatePoll, presentDatePollSummary } from './date-polls.presenter';
import {
  answerDatePoll,
  createDatePoll,
  listGroupDatePolls,
  loadDatePoll,
  scheduleDatePoll,
} from './date-polls.service';

/**
 * Date polls (issue 30 part 2, ADR 057): `/api/date_polls`. Every route answers 404 to a member who
 * may not see the poll or its group (the event rule).
 */
export function registerDatePollRoutes(app: App, context: RouteContext) {
  const { db } = context;
  const signedIn = { preValidation: signedInOnly };
  const present = (
    { poll, candidates, answers }: Awaited<ReturnType<typeof loadDatePoll>>,
    viewerId: string,
  ) => presentDatePoll(poll, candidates, answers, viewerId);

  /** A group's date polls not yet scheduled, newest first, for its members. */
  app.get(
    '/api/groups/:id/date_polls',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: DatePollListSchema } } },
    async (request) => {
      const user = requireUser(request);
      return (await listGroupDatePolls(db, user.id, request.params.id)).map((row) =>
        presentDatePollSummary(row, user.id),
      );
    },
  );

  app.post(
    '/api/date_polls',
    { ...signedIn, schema: { body: CreateDatePollBodySchema, response: { 201: DatePollSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const created = await createDatePoll(context, user.id, request.body.date_poll);
      return reply.status(201).send(present(created, user.id));
    },
  );

  app.get(
    '/api/date_polls/:id',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: DatePollSchema } } },
    async (request) => {
      const user = requireUser(request);
      return present(await loadDatePoll(db, request.params.id, user.id), user.id);
    },
  );

  /** The viewer's marks: yes, if need be or no for each date named. */
  app.put(
    '/api/date_polls/:id/answers',
    {
      ...signedIn,
      schema: { params: IdParamsSchema, body: DatePollAnswersBodySchema, response: { 200: DatePollSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      return present(await answerDatePoll(db, request.params.id, user.id, request.body.answers), user.id);
    },
  );

  /** The organiser turns one date into the event; the answer names it (`event_id`). */
  app.post(
    '/api/date_polls/:id/schedule',
    {
      ...signedIn,
      schema: { params: IdParamsSchema, body: ScheduleDatePollBodySchema, response: { 200: DatePollSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      return present(
        await scheduleDatePoll(context, request.params.id, user.id, request.body.candidate_id),
        user.id,
      );
    },
  );
}
