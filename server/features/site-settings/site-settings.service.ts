import { type SiteSettings, SiteSettingsSchema } from '../../../shared/api/admin-members';
import type { DbOrTx } from '../../db/client';
import { selectSettings, upsertSetting } from './site-settings.repo';

/** What a setting reads as until an admin changes it. */
export const SITE_SETTING_DEFAULTS: SiteSettings = { invite_waiting_days: 0 };

const KEYS = Object.keys(SITE_SETTING_DEFAULTS) as Array<keyof SiteSettings>;

/**
 * The site's settings, defaults filled in. A stored value that no longer fits its schema (say a
 * hand-edited row) falls back to the default rather than breaking every request that reads it.
 */
export async function readSiteSettings(db: DbOrTx): Promise<SiteSettings> {
  const stored = await selectSettings(db, KEYS);
  const settings = { ...SITE_SETTING_DEFAULTS };
  for (const key of KEYS) {
    const parsed = SiteSettingsSchema.shape[key].safeParse(stored.get(key));
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings;
}

export async function updateSiteSettings(db: DbOrTx, changes: Partial<SiteSettings>): Promise<SiteSettings> {
  await db.transaction(async (tx) => {
    for (const key of KEYS) if (changes[key] !== undefined) await upsertSetting(tx, key, changes[key]);
  });
  return readSiteSettings(db);
}
