import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals } from '../../tests/support/contract-checks';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_DELETION_MESSAGES,
  AccountDeletionBodySchema,
  AccountDeletionStateSchema,
  ScheduledDeletionSchema,
  SignedInSchema,
} from './account-deletion';
import { BLANK } from './fields';

/**
 * The "Delete my account" contracts (ADR 022): the request with its password and code, the pending
 * state the danger zone shows, and the sign-in answer that says a deletion was called off.
 */

describe('the texts and the grace period', () => {
  it('are the product texts, word for word, and fourteen days', () => {
    expect(ACCOUNT_DELETION_MESSAGES).toEqual({
      soleAdmin: 'You are the only admin. Make another member an admin before you delete your account.',
      cancelled: 'Welcome back. Your account will not be deleted.',
    });
    expect(ACCOUNT_DELETION_GRACE_DAYS).toBe(14);
  });
});

describe('a deletion request', () => {
  const ask = (user: Record<string, unknown>) => refusals(AccountDeletionBodySchema, { user });

  it('needs the current password, kept as typed, of at most 1000 characters', () => {
    expect(AccountDeletionBodySchema.parse({ user: { current_password: ' secret ' } })).toEqual({
      user: { current_password: ' secret ' },
    });
    expect(ask({})).toEqual([['user.current_password', BLANK]]);
    expect(ask({ current_password: '' })).toEqual([['user.current_password', BLANK]]);
    expect(ask({ current_password: 'p'.repeat(1000) })).toEqual([]);
    expect(ask({ current_password: 'p'.repeat(1001) })).toEqual([
      ['user.current_password', 'is too long (maximum is 1000 characters)'],
    ]);
    expect(refusals(AccountDeletionBodySchema, {}).map(([path]) => path)).toEqual(['user']);
  });

  it('forgives spaces and case in the code, as at sign-in', () => {
    expect(
      AccountDeletionBodySchema.parse({ user: { current_password: 'x', code: ' 123 456 ' } }).user.code,
    ).toBe('123456');
    expect(
      AccountDeletionBodySchema.parse({ user: { current_password: 'x', code: 'ABCD-EFGH\tIJ' } }).user.code,
    ).toBe('abcd-efghij');
    expect(AccountDeletionBodySchema.parse({ user: { current_password: 'x' } }).user).toEqual({
      current_password: 'x',
    });
  });

  it('refuses a code over 40 characters once spaces are gone, with is invalid', () => {
    const code = (value: unknown) => ask({ current_password: 'x', code: value });
    expect(code(`${'a'.repeat(20)}   ${'b'.repeat(20)}`)).toEqual([]);
    expect(code('a'.repeat(41))).toEqual([['user.code', 'is invalid']]);
    expect(code(7)).toEqual([['user.code', BLANK]]);
  });
});

describe('the deletion state', () => {
  const state = {
    scheduled: { requested_at: '2026-11-27T00:00:00.000Z', due_at: '2026-12-11T00:00:00.000Z' },
    grace_days: 14,
    two_factor_required: false,
    blocked_reason: null,
  };

  it('says what is scheduled, the grace, whether a code is needed and why it is blocked, every field required', () => {
    expectEveryFieldRequired(AccountDeletionStateSchema, state);
    expectEveryFieldRequired(ScheduledDeletionSchema, state.scheduled);
    expect(
      AccountDeletionStateSchema.parse({
        ...state,
        scheduled: null,
        blocked_reason: ACCOUNT_DELETION_MESSAGES.soleAdmin,
      }).scheduled,
    ).toBeNull();
    expect(AccountDeletionStateSchema.safeParse({ ...state, grace_days: 1.5 }).success).toBe(false);
    expect(AccountDeletionStateSchema.safeParse({ ...state, two_factor_required: null }).success).toBe(false);
  });
});

describe('the sign-in answer', () => {
  it('is the current member plus deletion_cancelled, every field required', () => {
    expectEveryFieldRequired(SignedInSchema, {
      id: 'u1',
      username: 'ada_l',
      email: 'ada@example.com',
      first_name: null,
      last_name: null,
      name: 'ada_l',
      avatar: null,
      initials: 'AD',
      is_admin: false,
      time_zone: null,
      locale: null,
      deletion_cancelled: true,
    });
  });
});
