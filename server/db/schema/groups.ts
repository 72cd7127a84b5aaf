import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { GROUP_REQUEST_STATUSES, GROUP_ROLES } from '../../../shared/domain/constants';
import { users } from './accounts';
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
