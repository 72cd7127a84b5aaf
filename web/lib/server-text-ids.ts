import { MESSAGES } from '@shared/domain/messages';

/**
 * The server speaks the spec's English (shared/domain/messages.ts, the field refusals of
 * shared/api/fields.ts, the account screens' answers), and its responses stay so (ADR 055). The web
 * shows a text it knows, by its exact English, as a message in the member's language; any other
 * text as it came. The field texts are written out here rather than imported: shared/api/fields.ts
 * brings the validator along (server-texts.test.ts checks that every one of them is here). English
 * needs none of this (the server's words are already the English messages), so these tables load
 * with the first other language (./server-texts.ts).
 */
export const KNOWN: Readonly<Record<string, string>> = {
  [MESSAGES.unauthenticated]: 'lib.serverTexts.unauthenticated',
  [MESSAGES.forbidden]: 'lib.serverTexts.forbidden',
  [MESSAGES.notFound]: 'lib.serverTexts.notFound',
  [MESSAGES.rateLimited]: 'lib.serverTexts.rateLimited',
  [MESSAGES.badRequest]: 'lib.serverTexts.badRequest',
  [MESSAGES.missingXhrHeader]: 'lib.serverTexts.missingXhrHeader',
  [MESSAGES.crossOrigin]: 'lib.serverTexts.crossOrigin',
  [MESSAGES.crossSite]: 'lib.serverTexts.crossSite',
  [MESSAGES.jsonOnly]: 'lib.serverTexts.jsonOnly',
  [MESSAGES.serverError]: 'lib.serverTexts.serverError',
  [MESSAGES.serviceUnavailable]: 'lib.apiErrors.status503',
  [MESSAGES.bodyTimeout]: 'lib.serverTexts.bodyTimeout',
  [MESSAGES.storageFull]: 'lib.serverTexts.storageFull',
  "can't be blank": 'lib.serverTexts.blank',
  'contains characters that are not allowed': 'lib.serverTexts.invalidText',
  'must be text': 'lib.serverTexts.notText',
  'is too long': 'lib.serverTexts.tooLong',
  'is not a number': 'lib.serverTexts.notNumber',
  'must be a whole number': 'lib.serverTexts.notWholeNumber',
  'must not contain invisible or text-direction characters': 'lib.serverTexts.hiddenFormatting',
  'is not a valid email address': 'lib.serverTexts.invalidEmail',
  'is not a valid id': 'lib.serverTexts.invalidId',
  'has already been taken': 'lib.serverTexts.taken',
  'is invalid': 'lib.serverTexts.invalid',
  'is incorrect': 'lib.serverTexts.incorrect',
  'is invalid or has expired': 'lib.serverTexts.invalidOrExpired',
  'may contain only letters, digits and underscores': 'lib.serverTexts.usernameCharacters',
  'is too common; choose a less guessable one': 'lib.serverTexts.tooCommon',
  'Invalid email or password.': 'lib.serverTexts.invalidCredentials',
  'Invalid invitation code': 'lib.serverTexts.invalidInvitationCode',
  'You have to confirm your email address before continuing.': 'lib.serverTexts.unconfirmed',
  'Your email has been confirmed successfully!': 'lib.serverTexts.emailConfirmed',
  'A new confirmation code has been sent to your email address.': 'lib.serverTexts.confirmationSent',
  "If your email exists in our system, you'll receive password reset instructions shortly.":
    'lib.serverTexts.resetInstructions',
  'Confirmation code is invalid or has expired.': 'lib.serverTexts.confirmationCodeInvalid',
  'This confirmation link is invalid or has expired.': 'lib.serverTexts.confirmationLinkInvalid',
  'Your password has been changed successfully.': 'lib.serverTexts.passwordChanged',
  'An admin has switched off inviting for your account.': 'lib.serverTexts.invitingOff',
};

/** Texts with a number in them (shared/api/fields.ts' `tooLong`, `wholeNumber` …): the number is the message's value. */
export const WITH_NUMBER: readonly { pattern: RegExp; id: string; value: string }[] = [
  {
    pattern: /^is too long \(maximum is (\d+) characters\)$/,
    id: 'lib.serverTexts.tooLongMax',
    value: 'count',
  },
  {
    pattern: /^is too short \(minimum is (\d+) characters\)$/,
    id: 'lib.serverTexts.tooShortMin',
    value: 'count',
  },
  { pattern: /^must be greater than or equal to (-?\d+)$/, id: 'lib.serverTexts.atLeast', value: 'min' },
  { pattern: /^must be less than or equal to (-?\d+)$/, id: 'lib.serverTexts.atMost', value: 'max' },
  {
    pattern: /^has too many combining marks \(at most (\d+) on one character\)$/,
    id: 'lib.serverTexts.stackedMarks',
    value: 'count',
  },
];

/** The fields whose names the server's field errors use, and the message naming each. */
export const FIELD_NAMES: Readonly<Record<string, string>> = {
  username: 'lib.fields.username',
  email: 'lib.fields.email',
  password: 'lib.fields.password',
  password_confirmation: 'lib.fields.passwordConfirmation',
  current_password: 'lib.fields.currentPassword',
  reset_password_token: 'lib.fields.resetPasswordToken',
  first_name: 'lib.fields.firstName',
  last_name: 'lib.fields.lastName',
  invitation_code: 'lib.fields.invitationCode',
  code: 'lib.fields.code',
  name: 'lib.fields.name',
  about: 'lib.fields.about',
  location: 'lib.fields.location',
  content: 'lib.fields.content',
  title: 'lib.fields.title',
  tldr: 'lib.fields.tldr',
  slug: 'lib.fields.slug',
  url: 'lib.fields.url',
};
