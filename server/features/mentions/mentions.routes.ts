import { MentionQuerySchema, MentionSuggestionListSchema } from '../../../shared/api/mentions';
import type { App, RouteContext } from '../../context';
import { requireUser, signedInOnly } from '../../http/auth';
import { notFound } from '../../http/errors';
import { findGroupWithRole } from '../groups/memberships';
import { presentAuthor } from '../profiles/people';
import { suggestMembers } from './mentions.repo';

export function registerMentionRoutes(app: App, context: RouteContext) {
  const { db } = context;

  /** The @ autocomplete: in a group, only its members, and only for a member of it (else 404). */
  app.get(
    '/api/mentions',
    {
      preValidation: signedInOnly,
      schema: { querystring: MentionQuerySchema, response: { 200: MentionSuggestionListSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const { q, group_id: groupId } = request.query;
      if (groupId) {
        const group = await findGroupWithRole(db, groupId, user.id);
        if (!group?.role) throw notFound();
      }
      const rows = await suggestMembers(db, { viewerId: user.id, query: q, groupId });
      return rows.map((row) => {
        const { name, username, avatar, profile_id } = presentAuthor(row);
        return { name, username, avatar, profile_id };
      });
    },
  );
}
