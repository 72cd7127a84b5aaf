import { IdParamsSchema, PostListSchema } from '../../../shared/api/posts';
import { PageQuerySchema } from '../../../shared/api/fields';
import { ProfileSchema, UpdateProfileBodySchema } from '../../../shared/api/profiles';
import { LIMITS } from '../../../shared/domain/constants';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { notFound } from '../../http/errors';
import { keepLocaleChoice } from '../../http/language';
import { decodeCursor } from '../../http/pagination';
import { mayMessageMember } from '../conversations/conversations.service';
import { sendTimelinePage } from '../posts/timeline-page';
import { presentProfile } from './profiles.presenter';
import { memberExists } from './profiles.repo';
import { editProfile, loadProfile, removeAvatar } from './profiles.service';

export function registerProfileRoutes(app: App, context: RouteContext) {
  const { db } = context;
  const signedIn = { preValidation: signedInOnly };

  app.get('/api/profile', { ...signedIn, schema: { response: { 200: ProfileSchema } } }, async (request) => {
    const user = requireUser(request);
    return presentProfile(await loadProfile(db, user.id, user.id), user.id);
  });

  app.patch(
    '/api/profile',
    { ...signedIn, schema: { body: UpdateProfileBodySchema, response: { 200: ProfileSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      const { locale } = request.body.profile;
      const profile = await editProfile(db, user.id, request.body.profile);
      // The page is written in the chosen language from then on, on this browser.
      if (locale !== undefined) keepLocaleChoice(reply, locale, context.config);
      return presentProfile(profile, user.id);
    },
  );

  /** Removes the profile picture; the file itself goes with the cleanup job (files.job.ts). */
  app.delete(
    '/api/profile/avatar',
    { ...signedIn, schema: { response: { 200: ProfileSchema } } },
    async (request) => {
      const user = requireUser(request);
      await context.throttle.hit('memberWrites', user.id);
      return presentProfile(await removeAvatar(db, user.id), user.id);
    },
  );

  // The web client calls /api/profiles/{id}/ with a trailing slash (spec section 7): both answer.
  for (const url of ['/api/profiles/:id', '/api/profiles/:id/']) {
    app.get(
      url,
      { ...signedIn, schema: { params: IdParamsSchema, response: { 200: ProfileSchema } } },
      async (request) => {
        const user = requireUser(request);
        const profile = await loadProfile(db, request.params.id, user.id);
        const canMessage = profile.id !== user.id && (await mayMessageMember(db, user.id, profile.id));
        return presentProfile(profile, user.id, canMessage);
      },
    );
  }

  /** A member's posts that the viewer may see (group posts only from shared groups), newest first. */
  app.get(
    '/api/profiles/:id/posts',
    {
      ...signedIn,
      schema: { params: IdParamsSchema, querystring: PageQuerySchema, response: { 200: PostListSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!(await memberExists(db, request.params.id))) throw notFound();
      const limit = request.query.limit ?? LIMITS.pageSize;
      const cursor = decodeCursor(request.query.after);
      return sendTimelinePage(reply, context, {
        viewerId: user.id,
        authorId: request.params.id,
        cursor,
        limit,
      });
    },
  );
}
