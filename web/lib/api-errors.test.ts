import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  errorMessage,
  fieldErrorsOf,
  httpError,
  noResponseError,
  parseApiError,
  parseErrorResponse,
  serverErrorText,
  statusMessage,
} from './api-errors';

describe('status defaults (spec section 8)', () => {
  it.each([
    [400, 'Bad request. Please check your information and try again.'],
    [401, 'Unauthorized. Please sign in again.'],
    [403, "Forbidden. You don't have permission to perform this action."],
    [404, 'Resource not found. Please check your request.'],
    [422, 'Validation failed. Please check your information.'],
    [500, 'Server error. Please try again later.'],
    [503, 'Service unavailable. Please try again later.'],
    [409, 'An unexpected error occurred. Please try again.'],
    [429, 'An unexpected error occurred. Please try again.'],
    [418, 'An unexpected error occurred. Please try again.'],
    // A proxy's "the server behind me is down" (ADR 040); 503 keeps the spec's text above.
    [502, "Hearth isn't answering right now. Please try again in a moment."],
    [504, "Hearth isn't answering right now. Please try again in a moment."],
  ])('%i → %s', (status, message) => {
    expect(statusMessage(status)).toBe(message);
    expect(parseErrorResponse(status, null).message).toBe(message);
  });
});

describe('parsing an error response', () => {
  it('keeps an errors object as field errors and joins "field message" pairs with ". "', () => {
    const parsed = parseErrorResponse(422, {
      errors: { email: ['has already been taken'], username: ['is too short (minimum is 3 characters)'] },
    });
    expect(parsed.fieldErrors).toEqual({
      email: ['has already been taken'],
      username: ['is too short (minimum is 3 characters)'],
    });
    expect(parsed.message).toBe(
      'email has already been taken. username is too short (minimum is 3 characters)',
    );
  });

  it('turns underscores in field names into spaces', () => {
    expect(
      parseErrorResponse(422, { errors: { password_confirmation: ["doesn't match Password"] } }).message,
    ).toBe("password confirmation doesn't match Password");
    expect(parseErrorResponse(422, { errors: { reset_password_token: ['is invalid'] } }).message).toBe(
      'reset password token is invalid',
    );
  });

  it('joins several messages of one field', () => {
    expect(
      parseErrorResponse(422, { errors: { password: ["can't be blank", 'is too short'] } }).message,
    ).toBe("password can't be blank, is too short");
  });

  it('accepts a bare string per field', () => {
    const parsed = parseErrorResponse(422, { errors: { name: 'is taken' } });
    expect(parsed.fieldErrors).toEqual({ name: ['is taken'] });
    expect(parsed.message).toBe('name is taken');
  });

  it('falls back to the status default when the errors object has no entries', () => {
    expect(parseErrorResponse(422, { errors: {} })).toEqual({
      status: 422,
      fieldErrors: {},
      message: 'Validation failed. Please check your information.',
    });
    expect(parseErrorResponse(400, { errors: { email: [] } }).message).toBe(
      'Bad request. Please check your information and try again.',
    );
  });

  it("uses the response's message field", () => {
    expect(parseErrorResponse(403, { message: 'Not yours' }).message).toBe('Not yours');
  });

  it("uses the response's error field", () => {
    expect(parseErrorResponse(401, { error: 'Invalid email or password.' }).message).toBe(
      'Invalid email or password.',
    );
  });

  it('prefers message over error', () => {
    expect(parseErrorResponse(400, { message: 'first', error: 'second' }).message).toBe('first');
  });

  it("uses a non-empty text body, except a gateway's (the proxy's error page, not Hearth's words)", () => {
    expect(parseErrorResponse(500, 'Disk full').message).toBe('Disk full');
    expect(parseErrorResponse(502, '<h1>502 Bad Gateway</h1>').message).toBe(
      "Hearth isn't answering right now. Please try again in a moment.",
    );
    expect(parseErrorResponse(503, 'Service Unavailable').message).toBe(
      'Service unavailable. Please try again later.',
    );
  });

  it('ignores an empty or blank text body and empty fields', () => {
    expect(parseErrorResponse(500, '').message).toBe('Server error. Please try again later.');
    expect(parseErrorResponse(500, '   ').message).toBe('Server error. Please try again later.');
    expect(parseErrorResponse(404, { error: '' }).message).toBe(
      'Resource not found. Please check your request.',
    );
    expect(parseErrorResponse(503, { other: 1 }).message).toBe(
      'Service unavailable. Please try again later.',
    );
  });
});

describe('parsing any thrown value', () => {
  it('an HTTP error carries the catalogue message, status and field errors', () => {
    const error = httpError(422, { errors: { email: ['is invalid'] } });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('email is invalid');
    expect(parseApiError(error)).toEqual({
      message: 'email is invalid',
      status: 422,
      fieldErrors: { email: ['is invalid'] },
    });
  });

  it("no response: Hearth isn't answering while online; offline, the spec's network message", () => {
    const notAnswering = "Hearth isn't answering right now. Please try again in a moment.";
    expect(parseApiError(noResponseError('network'))).toEqual({ message: notAnswering });
    expect(parseApiError(noResponseError('timeout'))).toEqual({ message: notAnswering });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const message = 'Network error. Please check your internet connection and try again.';
    expect(parseApiError(noResponseError('network'))).toEqual({ message });
    onLine.mockRestore();
  });

  it('any other error: its own message', () => {
    expect(errorMessage(new Error('Something specific'))).toBe('Something specific');
  });

  it("otherwise: 'An unexpected error occurred.'", () => {
    expect(errorMessage(new Error(''))).toBe('An unexpected error occurred.');
    expect(errorMessage('a string')).toBe('An unexpected error occurred.');
    expect(errorMessage(undefined)).toBe('An unexpected error occurred.');
  });
});

describe('helpers for screens', () => {
  it("serverErrorText is the server's own error text, when any", () => {
    expect(serverErrorText(httpError(401, { error: 'Invalid email or password.' }))).toBe(
      'Invalid email or password.',
    );
    expect(serverErrorText(httpError(500, 'oops'))).toBe('oops');
    expect(serverErrorText(httpError(422, { errors: { email: ['x'] } }))).toBeUndefined();
    expect(serverErrorText(noResponseError('network'))).toBeUndefined();
    expect(serverErrorText(new Error('x'))).toBeUndefined();
  });

  it('fieldErrorsOf reads field errors, or nothing', () => {
    expect(fieldErrorsOf(httpError(422, { errors: { email: ['is invalid'] } }))).toEqual({
      email: ['is invalid'],
    });
    expect(fieldErrorsOf(httpError(401, { error: 'x' }))).toEqual({});
    expect(fieldErrorsOf(null)).toEqual({});
  });
});
