import { bigint, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { FILE_TYPES } from '../../../shared/domain/constants';
import { users } from './accounts';
import { createdAt, id, updatedAt } from './columns';

export const fileType = pgEnum('file_type', FILE_TYPES);
export const fileStatus = pgEnum('file_status', ['pending', 'uploaded']);

export const files = pgTable(
  'files',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileType: fileType('file_type').notNull(),
    status: fileStatus('status').notNull().default('pending'),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type'),
    fileSize: bigint('file_size', { mode: 'number' }),
    lastModified: timestamp('last_modified', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('files_storage_key_idx').on(t.storageKey), index('files_user_idx').on(t.userId)],
);
