import { randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { RecoveryCodes, TwoFactorSetup } from '../../../shared/api/account';
import { APP_NAME } from '../../../shared/domain/constants';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { hashToken } from '../../lib/tokens';
import { enqueueMail } from '../mail/mail.job';
import { memberLocale, type UserRow } from '../users/users.repo';
import {
  claimTotpStep,
  deletePendingSignInsOf,
  deleteTotp,
  enableTotp,
  findTotp,
  replaceRecoveryCodes,
  upsertPendingTotp,
  useRecoveryCode,
} from './account.repo';
import { decryptTotpSecret, encryptTotpSecret } from './totp-secret';

type Context = Pick<AppContext, 'db' | 'jobs' | 'mailer' | 'config'>;
type Member = Pick<UserRow, 'id' | 'email' | 'locale' | 'browserLocale'>;

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
/** Codes of the step before and after now are taken too (clocks drift, people type slowly). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes are written without ambiguous characters (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function totpFor(member: Member, secret: string) {
  return new OTPAuth.TOTP({
    issuer: APP_NAME,
    label: member.email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/**
 * How long a started enrolment waits for its first code. Only a start that checked the password
 * makes a pending secret, so the confirmation takes a recent one only: a secret left pending for
 * longer (or made before starts asked for the password) needs a new start, and the password again.
 */
export const PENDING_ENROLMENT_MS = 15 * 60_000;

/**
 * Starts (or restarts) enrolment: a fresh secret, not yet asked for at sign-in. Null if already on.
 * The caller has checked the member's current password.
 */
export async function startTotpEnrolment(context: Context, member: Member): Promise<TwoFactorSetup | null> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const stored = await upsertPendingTotp(context.db, member.id, encryptTotpSecret(context.config, secret));
  if (!stored) return null;
  const url = totpFor(member, secret).toString();
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    secret,
    otpauth_url: url,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Checks a code against the member's secret and takes its time step, so the same code (or an
 * older one) is refused from then on. `pending` checks the secret awaiting confirmation.
 */
export async function verifyTotpCode(
  context: Context,
  member: Member,
  code: string,
  { pending = false } = {},
): Promise<boolean> {
  const row = await findTotp(context.db, member.id);
  if (!row || Boolean(row.enabledAt) === pending) return false;
  if (pending && Date.now() - row.createdAt.getTime() > PENDING_ENROLMENT_MS) return false;
  const totp = totpFor(member, decryptTotpSecret(context.config, row.secretEncrypted));
  const now = Date.now();
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  return claimTotpStep(context.db, member.id, step);
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Codes are compared without their hyphen, case or spaces. */
const recoveryDigest = (code: string) => hashToken(code.replace(/[\s-]/g, '').toLowerCase());

async function issueRecoveryCodes(tx: DbOrTx, memberId: string): Promise<RecoveryCodes> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(tx, memberId, codes.map(recoveryDigest));
  return { recovery_codes: codes };
}

/** The first right code switches two-factor sign-in on and issues the recovery codes. */
export async function confirmTotpEnrolment(
  context: Context,
  member: Member,
  code: string,
): Promise<RecoveryCodes | null> {
  if (!(await verifyTotpCode(context, member, code, { pending: true }))) return null;
  return context.db.transaction(async (tx) => {
    await enableTotp(tx, member.id, new Date());
    await enqueueMail(context, tx, {
      template: 'two_factor_changed',
      to: member.email,
      locale: memberLocale(member),
      enabled: true,
    });
    return issueRecoveryCodes(tx, member.id);
  });
}

export async function isTotpEnabled(context: Pick<Context, 'db'>, memberId: string): Promise<boolean> {
  return Boolean((await findTotp(context.db, memberId))?.enabledAt);
}

/** Spends one recovery code of the member. */
export async function spendRecoveryCode(context: Pick<Context, 'db'>, memberId: string, code: string) {
  return useRecoveryCode(context.db, memberId, recoveryDigest(code), new Date());
}

/** A code from the app (6 digits) or an unused recovery code. */
export async function verifySecondFactor(context: Context, member: Member, code: string): Promise<boolean> {
  if (/^\d{6}$/.test(code)) return verifyTotpCode(context, member, code);
  return spendRecoveryCode(context, member.id, code);
}

export async function disableTotp(context: Context, member: Member): Promise<void> {
  await context.db.transaction(async (tx) => {
    await deleteTotp(tx, member.id);
    await deletePendingSignInsOf(tx, member.id);
    await enqueueMail(context, tx, {
      template: 'two_factor_changed',
      to: member.email,
      locale: memberLocale(member),
      enabled: false,
    });
  });
}

/** New recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(context: Context, member: Member): Promise<RecoveryCodes> {
  return context.db.transaction((tx) => issueRecoveryCodes(tx, member.id));
}
