import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals } from '../../tests/support/contract-checks';
import {
  AUTH_MESSAGES,
  ConfirmationQuerySchema,
  CurrentUserSchema,
  EmailBodySchema,
  MessageResponseSchema,
  PasswordResetBodySchema,
  SignInBodySchema,
  SignUpBodySchema,
  SignUpResponseSchema,
  usernameField,
} from './auth';
import { BLANK } from './fields';

/**
 * The accounts contracts (spec sections 3, 5 and 7): sign-up, sign-in, confirmation and password
 * reset. Each rule with the message and path of its 422, the texts members read, and the exact
 * shape of each answer.
 */

const tooLong = (max: number) => `is too long (maximum is ${max} characters)`;

describe('the texts members read', () => {
  it('are the product texts, word for word (spec sections 2 and 8 give four of them)', () => {
    expect(AUTH_MESSAGES).toEqual({
      signedUp:
        'Welcome! A confirmation code has been sent to your email address. Enter it to activate your account.',
      invalidCredentials: 'Invalid email or password.',
      unconfirmed: 'You have to confirm your email address before continuing.',
      confirmed: 'Your email has been confirmed successfully!',
      confirmationInvalid: 'Confirmation code is invalid or has expired.',
      confirmationSent: 'A new confirmation code has been sent to your email address.',
      resetRequested:
        "If your email exists in our system, you'll receive password reset instructions shortly.",
      passwordChanged: 'Your password has been changed successfully.',
      taken: 'has already been taken',
      passwordMismatch: "doesn't match Password",
      tokenInvalid: 'is invalid or has expired',
      passwordTooCommon: 'is too common; choose a less guessable one',
    });
  });
});

describe('a username', () => {
  it('is trimmed and takes 3 to 30 letters, digits and underscores', () => {
    expect(usernameField.parse('  Ada_Lovelace_1  ')).toBe('Ada_Lovelace_1');
    expect(refusals(usernameField, 'abc')).toEqual([]);
    expect(refusals(usernameField, 'a'.repeat(30))).toEqual([]);
    expect(refusals(usernameField, 'ab')).toEqual([['', 'is too short (minimum is 3 characters)']]);
    expect(refusals(usernameField, ' ab ')).toEqual([['', 'is too short (minimum is 3 characters)']]);
    expect(refusals(usernameField, 'a'.repeat(31))).toEqual([['', tooLong(30)]]);
  });

  it('refuses any other character, at the start, in the middle or at the end', () => {
    const onlyWordCharacters = 'may contain only letters, digits and underscores';
    for (const value of ['-ada', 'ad-a', 'ada-', 'ada l', 'adé', 'ada.l'])
      expect(refusals(usernameField, value), value).toEqual([['', onlyWordCharacters]]);
  });

  it("says can't be blank once for blank, missing or not text", () => {
    for (const value of ['', '   ', undefined, 42])
      expect(refusals(usernameField, value)).toEqual([['', BLANK]]);
  });

  it('names a hidden character for what it is, and says nothing else', () => {
    expect(refusals(usernameField, 'ada\u200B')).toEqual([
      ['', 'must not contain invisible or text-direction characters'],
    ]);
  });
});

describe('a sign-up', () => {
  const user = { username: 'ada_l', email: 'ada@example.com', password: 'correct horse' };
  const signUp = (fields: Record<string, unknown>) =>
    refusals(SignUpBodySchema, { user: { ...user, ...fields } });

  it('needs username, email and password, each named at its own path', () => {
    expect(refusals(SignUpBodySchema, { user: {} })).toEqual([
      ['user.username', BLANK],
      ['user.email', BLANK],
      ['user.password', BLANK],
    ]);
    expect(refusals(SignUpBodySchema, {}).map(([path]) => path)).toEqual(['user']);
  });

  it('takes the spec payload, email lower-cased, names and code trimmed', () => {
    expect(
      SignUpBodySchema.parse({
        user: {
          username: ' ada_l ',
          email: ' Ada@Example.com ',
          password: ' correct horse ',
          first_name: ' Ada ',
          last_name: ' Lovelace ',
          invitation_code: ' abc123 ',
        },
      }),
    ).toEqual({
      user: {
        username: 'ada_l',
        email: 'ada@example.com',
        // A password is kept exactly as typed.
        password: ' correct horse ',
        first_name: 'Ada',
        last_name: 'Lovelace',
        invitation_code: 'abc123',
      },
    });
  });

  it('wants a password of 8 to 128 characters, blank said once', () => {
    expect(signUp({ password: '' })).toEqual([['user.password', BLANK]]);
    expect(signUp({ password: 'x'.repeat(7) })).toEqual([
      ['user.password', 'is too short (minimum is 8 characters)'],
    ]);
    expect(signUp({ password: 'x'.repeat(8) })).toEqual([]);
    expect(signUp({ password: 'x'.repeat(128) })).toEqual([]);
    expect(signUp({ password: 'x'.repeat(129) })).toEqual([['user.password', tooLong(128)]]);
  });

  it('refuses a malformed email', () => {
    expect(signUp({ email: 'ada@' })).toEqual([['user.email', 'is not a valid email address']]);
  });

  it('leaves the names optional (blank is none) and limits each to 100 characters', () => {
    expect(
      SignUpBodySchema.parse({ user: { ...user, first_name: ' ', last_name: null } }).user,
    ).toMatchObject({
      first_name: null,
      last_name: null,
    });
    expect(signUp({ first_name: 'f'.repeat(100), last_name: 'l'.repeat(100) })).toEqual([]);
    expect(signUp({ first_name: 'f'.repeat(101) })).toEqual([['user.first_name', tooLong(100)]]);
    expect(signUp({ last_name: 'l'.repeat(101) })).toEqual([['user.last_name', tooLong(100)]]);
  });

  it('leaves the invitation code optional and limits it to 200 characters', () => {
    expect(SignUpBodySchema.parse({ user }).user.invitation_code).toBeUndefined();
    expect(
      SignUpBodySchema.parse({ user: { ...user, invitation_code: null } }).user.invitation_code,
    ).toBeNull();
    expect(signUp({ invitation_code: 'c'.repeat(200) })).toEqual([]);
    expect(signUp({ invitation_code: ` ${'c'.repeat(200)} ` })).toEqual([]);
    expect(signUp({ invitation_code: 'c'.repeat(201) })).toEqual([['user.invitation_code', tooLong(200)]]);
    expect(signUp({ invitation_code: 7 })).toEqual([['user.invitation_code', 'must be text']]);
  });
});

describe('the sign-up answer', () => {
  it('is the new account and the message, every field required', () => {
    expectEveryFieldRequired(SignUpResponseSchema, {
      id: 'u1',
      username: 'ada_l',
      email: 'ada@example.com',
      message: AUTH_MESSAGES.signedUp,
    });
  });
});

describe('a sign-in', () => {
  const signIn = (fields: Record<string, unknown>) =>
    refusals(SignInBodySchema, { user: { email: 'ada@example.com', password: 'secret', ...fields } });

  it('needs an email and a password (spec: both required)', () => {
    expect(refusals(SignInBodySchema, { user: {} })).toEqual([
      ['user.email', BLANK],
      ['user.password', BLANK],
    ]);
    expect(signIn({ email: '  ' })).toEqual([['user.email', BLANK]]);
    expect(signIn({ password: '' })).toEqual([['user.password', BLANK]]);
  });

  it('trims the email and keeps the password as typed (no length rule but a ceiling)', () => {
    expect(SignInBodySchema.parse({ user: { email: ' ada@example.com ', password: ' s ' } })).toEqual({
      user: { email: 'ada@example.com', password: ' s ' },
    });
    // A password shorter than the sign-up minimum is still looked up (the answer is the same refusal).
    expect(signIn({ password: 'x' })).toEqual([]);
  });

  it('limits the email to 254 and the password to 1,000 characters, said as too long', () => {
    expect(signIn({ email: 'e'.repeat(254) })).toEqual([]);
    expect(signIn({ email: 'e'.repeat(255) })).toEqual([['user.email', tooLong(254)]]);
    expect(signIn({ password: 'p'.repeat(1000) })).toEqual([]);
    expect(signIn({ password: 'p'.repeat(1001) })).toEqual([['user.password', tooLong(1000)]]);
  });
});

describe('the current member', () => {
  const me = {
    id: 'u1',
    username: 'ada_l',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: null,
    name: 'ada_l',
    avatar: null,
    initials: 'AL',
    is_admin: false,
    time_zone: 'Europe/London',
    locale: 'de',
  };

  it('carries avatar and initials (spec section 3) and the rest, every field required', () => {
    expectEveryFieldRequired(CurrentUserSchema, me);
  });

  it('allows null names, avatar, zone and language, and nothing else null', () => {
    expect(
      CurrentUserSchema.safeParse({
        ...me,
        first_name: null,
        last_name: null,
        avatar: null,
        time_zone: null,
        locale: null,
      }).success,
    ).toBe(true);
    for (const field of ['id', 'username', 'email', 'name', 'initials', 'is_admin'])
      expect(CurrentUserSchema.safeParse({ ...me, [field]: null }).success, field).toBe(false);
    expect(CurrentUserSchema.safeParse({ ...me, is_admin: 'false' }).success).toBe(false);
  });
});

describe('an email body (resend confirmation, request a reset)', () => {
  it('takes the email trimmed and lower-cased, and refuses blank or malformed', () => {
    expect(EmailBodySchema.parse({ user: { email: ' Ada@Example.COM ' } })).toEqual({
      user: { email: 'ada@example.com' },
    });
    expect(refusals(EmailBodySchema, { user: { email: '' } })).toEqual([['user.email', BLANK]]);
    expect(refusals(EmailBodySchema, { user: {} })).toEqual([['user.email', BLANK]]);
    expect(refusals(EmailBodySchema, { user: { email: 'ada' } })).toEqual([
      ['user.email', 'is not a valid email address'],
    ]);
  });
});

describe('a password reset', () => {
  const body = (fields: Record<string, unknown>) => ({
    user: {
      reset_password_token: 'tok',
      password: 'new secret',
      password_confirmation: 'new secret',
      ...fields,
    },
  });

  it('needs all three fields (spec: all fields are required)', () => {
    expect(refusals(PasswordResetBodySchema, { user: {} })).toEqual([
      ['user.reset_password_token', BLANK],
      ['user.password', BLANK],
      ['user.password_confirmation', BLANK],
    ]);
    expect(refusals(PasswordResetBodySchema, body({ reset_password_token: '  ' }))).toEqual([
      ['user.reset_password_token', BLANK],
    ]);
    expect(refusals(PasswordResetBodySchema, body({ password_confirmation: '' }))).toEqual([
      ['user.password_confirmation', BLANK],
    ]);
  });

  it('trims the token and keeps both passwords as typed', () => {
    expect(
      PasswordResetBodySchema.parse(
        body({ reset_password_token: ' tok ', password: ' 8 chars', password_confirmation: ' x ' }),
      ),
    ).toEqual(body({ reset_password_token: 'tok', password: ' 8 chars', password_confirmation: ' x ' }));
  });

  it('holds the new password to the sign-up rule of 8 to 128 characters', () => {
    expect(refusals(PasswordResetBodySchema, body({ password: 'short' }))).toEqual([
      ['user.password', 'is too short (minimum is 8 characters)'],
    ]);
    expect(refusals(PasswordResetBodySchema, body({ password: 'p'.repeat(129) }))).toEqual([
      ['user.password', tooLong(128)],
    ]);
  });

  it('limits the token to 200 and the confirmation to 128 characters, said as too long', () => {
    expect(refusals(PasswordResetBodySchema, body({ reset_password_token: 't'.repeat(200) }))).toEqual([]);
    expect(refusals(PasswordResetBodySchema, body({ reset_password_token: 't'.repeat(201) }))).toEqual([
      ['user.reset_password_token', tooLong(200)],
    ]);
    expect(refusals(PasswordResetBodySchema, body({ password_confirmation: 'p'.repeat(128) }))).toEqual([]);
    expect(refusals(PasswordResetBodySchema, body({ password_confirmation: 'p'.repeat(129) }))).toEqual([
      ['user.password_confirmation', tooLong(128)],
    ]);
  });
});

describe('the confirmation query', () => {
  it('takes the code trimmed, refuses blank, and limits it to 200 characters', () => {
    expect(ConfirmationQuerySchema.parse({ confirmation_token: ' 123456 ' })).toEqual({
      confirmation_token: '123456',
    });
    expect(refusals(ConfirmationQuerySchema, { confirmation_token: ' ' })).toEqual([
      ['confirmation_token', BLANK],
    ]);
    expect(refusals(ConfirmationQuerySchema, {})).toEqual([['confirmation_token', BLANK]]);
    expect(refusals(ConfirmationQuerySchema, { confirmation_token: 'c'.repeat(200) })).toEqual([]);
    expect(refusals(ConfirmationQuerySchema, { confirmation_token: 'c'.repeat(201) })).toEqual([
      ['confirmation_token', tooLong(200)],
    ]);
  });
});

describe('a message answer', () => {
  it('is {message} and needs it', () => {
    expectEveryFieldRequired(MessageResponseSchema, { message: AUTH_MESSAGES.confirmed });
  });
});
