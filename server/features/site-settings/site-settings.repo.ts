import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { siteSettings } from '../../db/schema';

export async function selectSettings(db: DbOrTx, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await db.select().from(siteSettings).where(inArray(siteSettings.key, keys));
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function upsertSetting(db: DbOrTx, key: string, value: unknown) {
  await db
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`now()` } });
}
