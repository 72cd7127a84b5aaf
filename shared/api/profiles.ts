import { z } from 'zod';
import { LIMITS } from '../domain/constants';
import { LOCALES } from '../domain/locales';
import { canonicalTimeZone } from '../domain/time-zones';
import { usernameField } from './auth';
import { identityName, optionalText } from './fields';

/** Contracts of profiles (spec sections 2 and 3). A profile's id is its member's user id. */

export const ProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** First and last name when both exist, else the username. */
  name: z.string(),
  avatar: z.string().nullable(),
  about: z.string().nullable(),
  location: z.string().nullable(),
  created_at: z.string(),
  followers_count: z.number().int(),
  following_count: z.number().int(),
  /** I follow this member. */
  is_following: z.boolean(),
  /** This member follows me. */
  follows_you: z.boolean(),
  /** This is my own profile. */
  is_self: z.boolean(),
  /**
   * I may write to this member (ADR 060): the rule a message is sent under, answered for the
   * profile's "Message" button; false on my own profile.
   */
  can_message: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const TIME_ZONE_UNKNOWN = 'is not a known time zone';
export const LOCALE_UNKNOWN = `is not one of Hearth's languages (${LOCALES.join(', ')})`;

/** One of Hearth's languages (shared/domain/locales.ts); null goes back to following the browser. */
export const localeField = z.enum(LOCALES, { error: LOCALE_UNKNOWN }).nullable();

/** An IANA zone name, kept canonical; null goes back to following the browser. */
export const timeZoneField = z
  .string()
  .max(64, { error: TIME_ZONE_UNKNOWN })
  .nullable()
  .transform((value, context) => {
    if (value === null) return null;
    const zone = canonicalTimeZone(value.trim());
    if (zone === null) {
      context.addIssue({ code: 'custom', message: TIME_ZONE_UNKNOWN });
      return z.NEVER;
    }
    return zone;
  });

/** PATCH /api/profile: fields left out stay as they are; blank optional fields become null. */
export const UpdateProfileBodySchema = z.object({
  profile: z.object({
    about: optionalText(LIMITS.aboutMax).optional(),
    location: optionalText(LIMITS.locationMax).optional(),
    username: usernameField.optional(),
    first_name: identityName(LIMITS.nameMax).optional(),
    last_name: identityName(LIMITS.nameMax).optional(),
    /** The member's own zone for dates on screen and in mail; only they ever see it. */
    time_zone: timeZoneField.optional(),
    /** The language Hearth speaks to the member, on screen and in mail (ADR 055). */
    locale: localeField.optional(),
  }),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

/** A member in the Friends lists. */
export const ProfileSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  is_following: z.boolean(),
  follows_you: z.boolean(),
});
export type ProfileSummary = z.infer<typeof ProfileSummarySchema>;
