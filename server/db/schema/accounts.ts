import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReminderChoice } from '../../../shared/domain/gatherings';
import { createdAt, id, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    about: text('about'),
    location: text('location'),
    avatarFileId: uuid('avatar_file_id'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** An admin can switch inviting off for one member (ADR 004); admins are never limited. */
    canInvite: boolean('can_invite').notNull().default(true),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmationCodeHash: text('confirmation_code_hash'),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    resetTokenHash: text('reset_token_hash'),
    resetSentAt: timestamp('reset_sent_at', { withTimezone: true }),
    invitedById: uuid('invited_by_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** The member's IANA time zone (e.g. "Europe/Lisbon"), for times on screen and the digest hour. */
    timeZone: text('time_zone'),
    /** The language the member chose (shared/domain/locales.ts); null: their browser's (ADR 055). */
    locale: text('locale'),
    /**
     * The language of the browser the member last signed in with (its Accept-Language, matched):
     * what mails are written in while they have chosen none.
     */
    browserLocale: text('browser_locale'),
    /**
     * The reminders the member wants before events they answered going or maybe, unless they chose
     * otherwise for one (ADR 057): off, day_before, hour_before or both.
     */
    eventReminders: text('event_reminders').$type<ReminderChoice>().notNull().default('both'),
    /** When the member asked for their account to be deleted; signing in before `deletionDueAt` cancels it. */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    /** When the grace period ends and the deletion job removes the account. */
    deletionDueAt: timestamp('deletion_due_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_confirmation_code_hash_idx').on(t.confirmationCodeHash),
    uniqueIndex('users_reset_token_hash_idx').on(t.resetTokenHash),
    index('users_invited_by_idx').on(t.invitedById),
    // Whether a file is someone's current avatar (public to all; kept by the cleanup job).
    index('users_avatar_file_idx').on(t.avatarFileId),
    check('users_event_reminders', sql`${t.eventReminders} in ('off', 'day_before', 'hour_before', 'both')`),
    index('users_deletion_due_idx')
      .on(t.deletionDueAt)
      .where(sql`${t.deletionDueAt} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the session last made a request, for the member's list of sessions. Written at most once
     * a minute per session (server/http/auth.ts), so reads do not each cost a write.
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Browsers a member has signed in from (the device cookie). A known device skips the account-wide
 * sign-in limit, so failures caused by others never lock the member out (OWASP device cookies).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the cookie's random token: a leaked table signs nobody in anywhere. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('known_devices_token_hash_idx').on(t.tokenHash),
    index('known_devices_user_idx').on(t.userId),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    /** Null for invitations made by the server itself (bootstrap) or the command line. */
    inviterId: uuid('inviter_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    /**
     * Legacy plaintext code: only rows written before codes were hashed have it, and start-up
     * hashes it into code_hash and clears it (hashLegacyInvitationCodes). New rows never store it.
     */
    code: text('code'),
    /** SHA-256 (hex) of the code: the code itself is shown once, so a leaked table invites nobody. */
    codeHash: text('code_hash'),
    /** Whoever signs up with this invitation becomes an admin (the bootstrap invitation). */
    grantsAdmin: boolean('grants_admin').notNull().default(false),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_code_idx').on(t.code),
    uniqueIndex('invitations_code_hash_idx').on(t.codeHash),
    index('invitations_inviter_created_idx').on(
      t.inviterId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * A member's request to move their account to another address: the address changes only when the
 * link mailed to it is followed. One pending change per member; a new request replaces it.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    /** SHA-256 of the token mailed to the new address: deleted when spent. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('email_changes_user_idx').on(t.userId),
    uniqueIndex('email_changes_token_hash_idx').on(t.tokenHash),
  ],
);

/**
 * A member's authenticator (TOTP, RFC 6238). The shared secret is encrypted at rest
 * (server/features/account/totp-secret.ts). `enabledAt` is null while enrolment awaits its first
 * code; only then does sign-in ask for one.
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The time step of the last code accepted: a code of that step or earlier is never taken again. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored as SHA-256 digests (shown once, at enrolment or regeneration). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
);

/**
 * A sign-in whose password was right but whose second factor is still owed: not a session. Its
 * token is short-lived and spent by the code that completes the sign-in.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('pending_sign_ins_token_hash_idx').on(t.tokenHash),
    index('pending_sign_ins_user_idx').on(t.userId),
  ],
);

/**
 * A member's request for a copy of their data: a zip built by a job, downloadable by its owner until
 * it expires, then deleted with its stored file.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'pending' while the job builds it, then 'ready' or 'failed'. */
    status: text('status').notNull().default('pending'),
    /** Where the zip is kept in file storage, once ready. */
    storageKey: text('storage_key'),
    byteSize: bigint('byte_size', { mode: 'number' }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_user_created_idx').on(t.userId, t.createdAt.desc())],
);
