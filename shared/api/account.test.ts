import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals, UUID } from '../../tests/support/contract-checks';
import {
  ACCOUNT_MESSAGES,
  AccountSecuritySchema,
  AccountSessionSchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  DisableTwoFactorBodySchema,
  EmailChangeConfirmationBodySchema,
  PasswordConfirmationBodySchema,
  RecoveryCodesSchema,
  SessionParamsSchema,
  TwoFactorChallengeSchema,
  TwoFactorCodeBodySchema,
  TwoFactorSetupSchema,
  TwoFactorSignInBodySchema,
} from './account';
import { BLANK } from './fields';

/**
 * The account-security contracts (settings → Security, two-factor sign-in): each rule with the
 * message and path of its 422, the texts members read, and the exact shape of each answer.
 */

describe('the texts members read', () => {
  it('are the product texts, word for word', () => {
    expect(ACCOUNT_MESSAGES).toEqual({
      passwordChanged: 'Your password has been changed. Every other device was signed out.',
      emailChangeRequested: 'Check your new address: we sent it a link to confirm the change.',
      emailChanged: 'Your email address has been changed.',
      emailChangeInvalid: 'This confirmation link is invalid or has expired.',
      twoFactorDisabled: 'Two-factor sign-in is off.',
      currentPasswordWrong: 'is incorrect',
      sameEmail: 'is already your address',
      codeWrong: 'is incorrect or has already been used',
      signInExpired: 'has expired; sign in again',
    });
  });
});

describe('a password change', () => {
  const body = (user: Record<string, unknown>) => ({
    user: {
      current_password: 'old secret',
      password: 'new secret',
      password_confirmation: 'new secret',
      ...user,
    },
  });

  it('takes the current password and a new one of 8 to 128 characters, untrimmed', () => {
    expect(ChangePasswordBodySchema.parse(body({ password: ' 8 chars' }))).toEqual(
      body({ password: ' 8 chars' }),
    );
    expect(
      refusals(ChangePasswordBodySchema, body({ password: 'p'.repeat(128), password_confirmation: 'x' })),
    ).toEqual([]);
    expect(refusals(ChangePasswordBodySchema, body({ password: '7 chars' }))).toEqual([
      ['user.password', 'is too short (minimum is 8 characters)'],
    ]);
    expect(refusals(ChangePasswordBodySchema, body({ password: 'p'.repeat(129) }))).toEqual([
      ['user.password', 'is too long (maximum is 128 characters)'],
    ]);
  });

  it("says can't be blank, once, for each missing field", () => {
    expect(refusals(ChangePasswordBodySchema, { user: {} })).toEqual([
      ['user.current_password', BLANK],
      ['user.password', BLANK],
      ['user.password_confirmation', BLANK],
    ]);
    expect(
      refusals(ChangePasswordBodySchema, {
        user: { current_password: '', password: '', password_confirmation: '' },
      }),
    ).toEqual([
      ['user.current_password', BLANK],
      ['user.password', BLANK],
      ['user.password_confirmation', BLANK],
    ]);
  });

  it('bounds the current password and the confirmation too', () => {
    expect(refusals(ChangePasswordBodySchema, body({ current_password: 'c'.repeat(1000) }))).toEqual([]);
    expect(refusals(ChangePasswordBodySchema, body({ current_password: 'c'.repeat(1001) }))).toHaveLength(1);
    expect(refusals(ChangePasswordBodySchema, body({ password_confirmation: 'c'.repeat(129) }))).toHaveLength(
      1,
    );
  });
});

describe('an email change', () => {
  it('takes a valid address, lowercased and trimmed, and the current password', () => {
    expect(
      ChangeEmailBodySchema.parse({ user: { email: '  Ada@Example.TEST ', current_password: 'secret' } }),
    ).toEqual({ user: { email: 'ada@example.test', current_password: 'secret' } });
    expect(
      refusals(ChangeEmailBodySchema, { user: { email: 'not an address', current_password: 's' } }),
    ).toEqual([['user.email', 'is not a valid email address']]);
    expect(refusals(ChangeEmailBodySchema, { user: { email: 'a@b.test' } })).toEqual([
      ['user.current_password', BLANK],
    ]);
  });

  it('confirms with the token from the link, trimmed, up to 200 characters', () => {
    expect(EmailChangeConfirmationBodySchema.parse({ user: { token: ' abc ' } })).toEqual({
      user: { token: 'abc' },
    });
    expect(refusals(EmailChangeConfirmationBodySchema, { user: { token: '  ' } })).toEqual([
      ['user.token', BLANK],
    ]);
    expect(refusals(EmailChangeConfirmationBodySchema, { user: { token: 't'.repeat(200) } })).toEqual([]);
    expect(refusals(EmailChangeConfirmationBodySchema, { user: { token: 't'.repeat(201) } })).toHaveLength(1);
  });
});

describe('two-factor sign-in', () => {
  it('an app code is 6 digits; the spaces people type are dropped', () => {
    expect(TwoFactorCodeBodySchema.parse({ user: { code: '123 456' } })).toEqual({
      user: { code: '123456' },
    });
    expect(TwoFactorCodeBodySchema.parse({ user: { code: ' 12 34 56 ' } })).toEqual({
      user: { code: '123456' },
    });
    for (const code of ['12345', '1234567', 'abcdef'])
      expect(refusals(TwoFactorCodeBodySchema, { user: { code } }), code).toEqual([
        ['user.code', 'must be 6 digits'],
      ]);
    expect(refusals(TwoFactorCodeBodySchema, { user: { code: '   ' } })[0]).toEqual(['user.code', BLANK]);
    expect(refusals(TwoFactorCodeBodySchema, { user: {} })).toEqual([['user.code', BLANK]]);
  });

  it('turning it off takes the password and a recovery code, lowercased, without spaces', () => {
    expect(
      DisableTwoFactorBodySchema.parse({ user: { current_password: 'secret', code: ' ABCDE-fghij ' } }),
    ).toEqual({ user: { current_password: 'secret', code: 'abcde-fghij' } });
    expect(
      DisableTwoFactorBodySchema.parse({ user: { current_password: 'secret', code: 'ab cd' } }).user.code,
    ).toBe('abcd');
    expect(
      refusals(DisableTwoFactorBodySchema, { user: { current_password: 's', code: 'r'.repeat(40) } }),
    ).toEqual([]);
    expect(
      refusals(DisableTwoFactorBodySchema, { user: { current_password: 's', code: 'r'.repeat(41) } }),
    ).toEqual([['user.code', 'is invalid']]);
    expect(refusals(DisableTwoFactorBodySchema, { user: { current_password: 's', code: ' ' } })).toEqual([
      ['user.code', BLANK],
    ]);
  });

  it('the second step of a sign-in needs its token and either an app code or a recovery code', () => {
    expect(TwoFactorSignInBodySchema.parse({ user: { sign_in_token: 't', code: '123456' } })).toEqual({
      user: { sign_in_token: 't', code: '123456' },
    });
    expect(TwoFactorSignInBodySchema.parse({ user: { sign_in_token: 't', recovery_code: 'AB-CD' } })).toEqual(
      {
        user: { sign_in_token: 't', recovery_code: 'ab-cd' },
      },
    );
    expect(refusals(TwoFactorSignInBodySchema, { user: { sign_in_token: 't' } })).toEqual([
      ['user.code', BLANK],
    ]);
    expect(refusals(TwoFactorSignInBodySchema, { user: { code: '123456' } })).toEqual([
      ['user.sign_in_token', BLANK],
    ]);
    expect(
      refusals(TwoFactorSignInBodySchema, { user: { sign_in_token: 't'.repeat(201), code: '123456' } }),
    ).toHaveLength(1);
  });

  it('a password confirmation takes the current password only', () => {
    expect(PasswordConfirmationBodySchema.parse({ user: { current_password: 'x' } })).toEqual({
      user: { current_password: 'x' },
    });
    expect(refusals(PasswordConfirmationBodySchema, { user: { current_password: '' } })).toEqual([
      ['user.current_password', BLANK],
    ]);
  });

  it('a session is named by its id', () => {
    expect(refusals(SessionParamsSchema, { id: UUID })).toEqual([]);
    expect(refusals(SessionParamsSchema, { id: 'current' })).toEqual([['id', 'is not a valid id']]);
  });
});

describe('what the account API answers', () => {
  it('the Security settings, a session, the two-factor setup and its codes have exactly their fields', () => {
    expectEveryFieldRequired(AccountSecuritySchema, {
      email: 'ada@example.test',
      pending_email: null,
      pending_email_expires_at: null,
      two_factor_enabled: false,
      recovery_codes_left: 0,
    });
    expect(
      AccountSecuritySchema.safeParse({
        email: 'a@b.test',
        pending_email: 'c@d.test',
        pending_email_expires_at: '2026-11-01T10:00:00.000Z',
        two_factor_enabled: true,
        recovery_codes_left: 1.5,
      }).success,
    ).toBe(false);
    expectEveryFieldRequired(AccountSessionSchema, {
      id: UUID,
      current: true,
      browser: 'Firefox 120',
      os: null,
      network: '203.0.113.0/24',
      created_at: '2026-11-01T10:00:00.000Z',
      created_ago: '3 days ago',
      last_seen_at: '2026-11-04T10:00:00.000Z',
      last_seen_ago: 'just now',
    });
    expectEveryFieldRequired(TwoFactorSetupSchema, {
      secret: 'JBSWY3DPEHPK3PXP',
      otpauth_url: 'otpauth://totp/Hearth:ada?secret=JBSWY3DPEHPK3PXP',
      qr_code: 'data:image/svg+xml;base64,PHN2Zz4=',
    });
    expectEveryFieldRequired(RecoveryCodesSchema, { recovery_codes: ['abcde-fghij'] });
    expectEveryFieldRequired(TwoFactorChallengeSchema, { two_factor_required: true, sign_in_token: 't' });
    expect(
      TwoFactorChallengeSchema.safeParse({ two_factor_required: false, sign_in_token: 't' }).success,
    ).toBe(false);
  });
});
