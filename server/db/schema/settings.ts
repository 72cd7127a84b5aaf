import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

/**
 * Site-wide settings admins change at run time (e.g. invite_waiting_days), one row per key. A
 * key/value table lets a new setting arrive without a migration; each key's shape is checked by
 * its zod schema in shared/api/admin.ts, and a missing row means the default.
 */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
