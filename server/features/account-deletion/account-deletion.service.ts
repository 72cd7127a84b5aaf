import {
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_DELETION_MESSAGES,
  type AccountDeletionState,
} from '../../../shared/api/account-deletion';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isTotpEnabled } from '../account/totp.service';
import { enqueueMail } from '../mail/mail.job';
import { memberDate } from '../mail/mail.templates';
import { endAllSessions } from '../sessions/sessions.repo';
import { memberLocale, type UserRow } from '../users/users.repo';
import { accountCleanupSteps, type CleanupDeps } from './account-cleanup-steps';
import {
  clearDeletion,
  countOtherStayingAdmins,
  deleteGroup,
  deleteUserRow,
  listHeirs,
  listOwnedGroupIds,
  lockDueAccount,
  lockGroupRow,
  makeOwner,
  scheduleDeletion,
} from './account-deletion.repo';

type Context = Pick<AppContext, 'db' | 'jobs' | 'mailer' | 'config'>;
type Member = Pick<
  UserRow,
  | 'id'
  | 'email'
  | 'isAdmin'
  | 'timeZone'
  | 'deletionRequestedAt'
  | 'deletionDueAt'
  | 'locale'
  | 'browserLocale'
>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why this member may not delete their account now, or null. */
export async function deletionBlockedReason(context: Pick<Context, 'db'>, user: Member) {
  if (!user.isAdmin) return null;
  const others = await countOtherStayingAdmins(context.db, user.id);
  return others > 0 ? null : ACCOUNT_DELETION_MESSAGES.soleAdmin;
}

/** What the danger zone shows: a pending deletion, the grace period, what the request must carry. */
export async function deletionState(context: Context, user: Member): Promise<AccountDeletionState> {
  const [twoFactor, blocked] = await Promise.all([
    isTotpEnabled(context, user.id),
    deletionBlockedReason(context, user),
  ]);
  return {
    scheduled:
      user.deletionRequestedAt && user.deletionDueAt
        ? { requested_at: user.deletionRequestedAt.toISOString(), due_at: user.deletionDueAt.toISOString() }
        : null,
    grace_days: ACCOUNT_DELETION_GRACE_DAYS,
    two_factor_required: twoFactor,
    blocked_reason: blocked,
  };
}

/**
 * Schedules the deletion of an account whose owner has just proved who they are: the grace period
 * starts, every session of the member ends (this one too), and the member is mailed the date.
 * Asking again during the grace period is impossible (no session survives the first request).
 */
export async function scheduleAccountDeletion(context: Context, user: Member, now = new Date()) {
  const dueAt = new Date(now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
  const locale = memberLocale(user);
  await context.db.transaction(async (tx) => {
    await scheduleDeletion(tx, user.id, now, dueAt);
    await endAllSessions(tx, user.id);
    await enqueueMail(context, tx, {
      template: 'account_deletion_scheduled',
      to: user.email,
      locale,
      date: memberDate(dueAt, user.timeZone, locale),
    });
  });
  return { requested_at: now.toISOString(), due_at: dueAt.toISOString() };
}

/**
 * A completed sign-in (password, or password and code) during the grace period calls the deletion
 * off and mails the member. True when there was a deletion to call off.
 */
export async function cancelDeletionOnSignIn(
  context: Context,
  user: Pick<Member, 'id' | 'email' | 'locale' | 'browserLocale'>,
) {
  return context.db.transaction(async (tx) => {
    if (!(await clearDeletion(tx, user.id))) return false;
    await enqueueMail(context, tx, {
      template: 'account_deletion_cancelled',
      to: user.email,
      locale: memberLocale(user),
    });
    return true;
  });
}

/**
 * The ownership rule (ADR 022): each group the member owns alone passes to its longest-standing
 * Moderator, else its longest-standing member; a group with no other member is deleted. A group
 * with another Owner needs nothing. The group row is locked, as every role change locks it.
 */
async function handOverGroups(tx: DbOrTx, userId: string) {
  for (const groupId of await listOwnedGroupIds(tx, userId)) {
    await lockGroupRow(tx, groupId);
    const [heir] = await listHeirs(tx, groupId, userId);
    if (!heir) await deleteGroup(tx, groupId);
    else if (heir.role !== 'Owner') await makeOwner(tx, heir.id);
  }
}

export type DeletionOutcome = 'deleted' | 'not_due';

/**
 * Deletes one account whose grace period is over, in one transaction: groups handed over, each
 * feature's cleanup step (stored bytes first), then the account row, whose foreign keys take the
 * rest. Idempotent: an account already gone, cancelled or not yet due is left alone, and a failure
 * anywhere rolls everything back for the retry.
 */
export async function deleteDueAccount(
  deps: CleanupDeps & Pick<AppContext, 'db'>,
  userId: string,
  now = new Date(),
): Promise<DeletionOutcome> {
  return deps.db.transaction(async (tx) => {
    if (!(await lockDueAccount(tx, userId, now))) return 'not_due';
    await handOverGroups(tx, userId);
    for (const step of accountCleanupSteps) await step.run(deps, tx, userId);
    await deleteUserRow(tx, userId);
    deps.logger.info({ userId }, 'deleted an account at the end of its grace period');
    return 'deleted';
  });
}
