/** Server messages that are part of the API contract. */
export const MESSAGES = {
  unauthenticated: 'You need to sign in or sign up before continuing.',
  forbidden: "You don't have permission to perform this action.",
  notFound: 'Not found.',
  rateLimited: 'Too many requests. Please try again later.',
  badRequest: 'Bad request.',
  missingXhrHeader: 'This request must be sent by the Hearth app.',
  crossOrigin: 'Cross-origin requests are not allowed.',
  crossSite: 'Cross-site requests are not allowed.',
  jsonOnly: 'Send the request body as JSON (Content-Type: application/json).',
  serverError: 'Something went wrong on our side. Please try again later.',
  serviceUnavailable: 'Service unavailable. Please try again later.',
  bodyTimeout: 'The request body took too long to arrive.',
  storageFull: 'There is no space left to store this file. Please try again later.',
} as const;
