import {
  AdminMemberQuerySchema,
  AdminMemberSchema,
  SiteSettingsSchema,
  UpdateAdminMemberBodySchema,
  UpdateSiteSettingsBodySchema,
} from '../../../shared/api/admin-members';
import { IdParamsSchema } from '../../../shared/api/posts';
import type { App, RouteContext } from '../../context';
import { notFound } from '../../http/errors';
import { readSiteSettings, updateSiteSettings } from '../site-settings/site-settings.service';
import { findUserByUsername, setCanInvite } from '../users/users.repo';
import { adminOnly, requireAdmin } from './admin.access';
import { presentAdminMember } from './admin-members.presenter';

/**
 * Admin controls over inviting (ADR 004): the site's waiting period before new members may invite,
 * and one member's switch. Authorised before validation, like every admin route.
 */
export function registerAdminMembersRoutes(app: App, context: RouteContext) {
  const { db } = context;

  app.get(
    '/api/admin/settings',
    { preValidation: adminOnly, schema: { response: { 200: SiteSettingsSchema } } },
    async (request) => {
      requireAdmin(request);
      return readSiteSettings(db);
    },
  );

  app.patch(
    '/api/admin/settings',
    {
      preValidation: adminOnly,
      schema: { body: UpdateSiteSettingsBodySchema, response: { 200: SiteSettingsSchema } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await context.throttle.hit('memberWrites', admin.id);
      return updateSiteSettings(db, request.body.settings);
    },
  );

  app.get(
    '/api/admin/members',
    {
      preValidation: adminOnly,
      schema: { querystring: AdminMemberQuerySchema, response: { 200: AdminMemberSchema } },
    },
    async (request) => {
      requireAdmin(request);
      const member = await findUserByUsername(db, request.query.username);
      if (!member) throw notFound();
      return presentAdminMember(member);
    },
  );

  app.patch(
    '/api/admin/members/:id',
    {
      preValidation: adminOnly,
      schema: {
        params: IdParamsSchema,
        body: UpdateAdminMemberBodySchema,
        response: { 200: AdminMemberSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await context.throttle.hit('memberWrites', admin.id);
      const member = await setCanInvite(db, request.params.id, request.body.member.can_invite);
      if (!member) throw notFound();
      return presentAdminMember(member);
    },
  );
}
