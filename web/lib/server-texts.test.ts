import { afterEach, describe, expect, it } from 'vitest';
import {
  BLANK,
  HIDDEN_FORMATTING_MESSAGE,
  INVALID_TEXT,
  STACKED_MARKS_MESSAGE,
  tooLong,
} from '@shared/api/fields';
import { MESSAGES } from '@shared/domain/messages';
import { activateLocale } from '@web/i18n/i18n';
import { httpError, parseErrorResponse, serverErrorText } from './api-errors';
import { serverText } from './server-texts';

afterEach(() => activateLocale('en'));

/** Every text shared/ gives the server to refuse with, as the server sends it. */
const SPEC_TEXTS = [
  ...Object.values(MESSAGES),
  BLANK,
  INVALID_TEXT,
  HIDDEN_FORMATTING_MESSAGE,
  STACKED_MARKS_MESSAGE,
  tooLong(255).error,
  'is not a valid email address',
  'must be less than or equal to 365',
];

describe('serverText', () => {
  it('keeps the spec’s English exactly in English', () => {
    for (const text of SPEC_TEXTS) expect(serverText(text)).toBe(text);
  });

  it('says every spec text of shared/ in the member’s language, numbers kept', async () => {
    await activateLocale('de');
    for (const text of SPEC_TEXTS) expect(serverText(text), text).not.toBe(text);
    expect(serverText(BLANK)).toBe('darf nicht leer sein');
    expect(serverText(tooLong(255).error)).toBe('ist zu lang (höchstens 255 Zeichen)');
    expect(serverText(MESSAGES.rateLimited)).toBe('Zu viele Anfragen. Bitte versuche es später erneut.');
    await activateLocale('fr');
    expect(serverText('is too short (minimum is 8 characters)')).toBe(
      'est trop court (8 caractères au minimum)',
    );
  });

  it('leaves a text it does not know as it came', async () => {
    await activateLocale('de');
    expect(serverText('The page took too long to answer')).toBe('The page took too long to answer');
  });

  it('reaches the screens through the API errors: messages, field errors and the joined line', async () => {
    await activateLocale('es');
    const refused = httpError(422, { errors: { password_confirmation: ["can't be blank"] } });
    expect(refused.message).toBe('confirmación de la contraseña: no puede estar vacío');
    expect(refused.fieldErrors).toEqual({ password_confirmation: ['no puede estar vacío'] });
    expect(serverErrorText(httpError(404, { error: MESSAGES.notFound }))).toBe('No encontrado.');
    expect(parseErrorResponse(500, undefined).message).toBe(
      'Error del servidor. Inténtalo de nuevo más tarde.',
    );
  });
});
