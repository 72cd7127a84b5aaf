import { PollSchema, PollVoteBodySchema, PollVotersSchema } from '../../../shared/api/polls';
import { IdParamsSchema } from '../../../shared/api/posts';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { listVoters, loadPoll, retractVote, vote } from './polls.service';

/**
 * Polls on posts (issue 30 part 3, ADR 058). The poll is made with its post (POST /api/posts);
 * these read it, vote and list voters. Every route answers 404 to whoever may not see the post.
 */
export function registerPollRoutes(app: App, context: RouteContext) {
  const { db } = context;
  const signedIn = { preValidation: signedInOnly };

  /** The poll as the viewer sees it (what a card loads when the live stream says it moved). */
  app.get(
    '/api/posts/:id/poll',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: PollSchema } } },
    async (request) => loadPoll(db, request.params.id, requireUser(request).id),
  );

  /** Votes, or changes the vote, while the poll is open. */
  app.put(
    '/api/posts/:id/poll/vote',
    {
      ...signedIn,
      schema: { params: IdParamsSchema, body: PollVoteBodySchema, response: { 200: PollSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      return vote(db, request.params.id, user.id, request.body.vote.option_ids);
    },
  );

  /** Takes the vote back, while the poll is open (not an anonymous vote). */
  app.delete(
    '/api/posts/:id/poll/vote',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: PollSchema } } },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      return retractVote(db, request.params.id, user.id);
    },
  );

  /** Who chose what: not for an anonymous poll, nor before its results show to the viewer. */
  app.get(
    '/api/posts/:id/poll/voters',
    { ...signedIn, schema: { params: IdParamsSchema, response: { 200: PollVotersSchema } } },
    async (request) => listVoters(db, request.params.id, requireUser(request).id),
  );
}
