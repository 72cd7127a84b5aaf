import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { GROUP_NOTIFICATION_LEVELS } from '../../../shared/domain/group-notifications';
import {
  GROUP_INVITATION_STATUSES,
  GROUP_REQUEST_STATUSES,
  GROUP_ROLES,
} from '../../../shared/domain/constants';
import { invitations, users } from './accounts';
import { createdAt, id, updatedAt } from './columns';
import { files } from './files';

export const groupRole = pgEnum('group_role', GROUP_ROLES);
export const groupRequestStatus = pgEnum('group_request_status', ['pending', ...GROUP_REQUEST_STATUSES]);

export const groups = pgTable(
  'groups',
  {
    id: id(),
    name: text('name').notNull(),
    /** Shown on the group page and to members deciding whether to ask to join. */
    description: text('description').notNull().default(''),
    pictureFileId: uuid('picture_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('groups_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const groupRoles = pgTable(
  'group_roles',
  {
    id: id(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: groupRole('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('group_roles_group_user_idx').on(t.groupId, t.userId),
    index('group_roles_user_idx').on(t.userId),
  ],
);

export const groupRequests = pgTable(
  'group_requests',
  {
    id: id(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: groupRequestStatus('status').notNull().default('pending'),
    role: groupRole('role'),
    answeredById: uuid('answered_by_id').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('group_requests_pending_idx')
      .on(t.groupId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('group_requests_group_idx').on(t.groupId, t.createdAt),
  ],
);

export const groupInvitationStatus = pgEnum('group_invitation_status', [
  'open',
  ...GROUP_INVITATION_STATUSES,
]);

/**
 * An Owner's or Moderator's invitation into a group (ADR 041): to a member (`invitee_id`), or to
 * someone not on Hearth yet, through a Hearth invitation (`invitation_id`) that leaves them in the
 * group once they have signed up and confirmed. One open invitation per member and group.
 */
export const groupInvitations = pgTable(
  'group_invitations',
  {
    id: id(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteeId: uuid('invitee_id').references(() => users.id, { onDelete: 'cascade' }),
    invitationId: uuid('invitation_id').references(() => invitations.id, { onDelete: 'cascade' }),
    role: groupRole('role').notNull(),
    status: groupInvitationStatus('status').notNull().default('open'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('group_invitations_open_idx')
      .on(t.groupId, t.inviteeId)
      .where(sql`${t.status} = 'open' and ${t.inviteeId} is not null`),
    index('group_invitations_invitee_idx')
      .on(t.inviteeId, t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index('group_invitations_invitation_idx').on(t.invitationId),
  ],
);

/**
 * A group's shareable link (ADR 041): at most one per group; no row means off. Only the code's
 * SHA-256 is kept, so the link is shown once, when made. Usable until `expires_at` and while
 * `uses` is below `max_uses` (null: no limit).
 */
export const groupInviteLinks = pgTable(
  'group_invite_links',
  {
    groupId: uuid('group_id')
      .primaryKey()
      .references(() => groups.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('group_invite_links_code_hash_idx').on(t.codeHash)],
);

export const groupNotificationLevel = pgEnum('group_notification_level', GROUP_NOTIFICATION_LEVELS);

/**
 * A member's chosen notification level in one of their groups (ADR 045); no row means the default
 * for the group's size. Belongs to the membership: leaving the group (or being removed) deletes it.
 */
export const groupNotificationLevels = pgTable(
  'group_notification_levels',
  {
    groupId: uuid('group_id').notNull(),
    userId: uuid('user_id').notNull(),
    level: groupNotificationLevel('level').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    foreignKey({
      name: 'group_notification_levels_membership_fk',
      columns: [t.groupId, t.userId],
      foreignColumns: [groupRoles.groupId, groupRoles.userId],
    }).onDelete('cascade'),
  ],
);

/**
 * How far a member has read a group's timeline (ADR 045): posts after `read_at` are unread. No row
 * means since they joined. A table of its own, so marking a group read changes no table the kept
 * timelines read (ADR 042). Belongs to the membership like the level.
 */
export const groupReadMarks = pgTable(
  'group_read_marks',
  {
    groupId: uuid('group_id').notNull(),
    userId: uuid('user_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    foreignKey({
      name: 'group_read_marks_membership_fk',
      columns: [t.groupId, t.userId],
      foreignColumns: [groupRoles.groupId, groupRoles.userId],
    }).onDelete('cascade'),
  ],
);
