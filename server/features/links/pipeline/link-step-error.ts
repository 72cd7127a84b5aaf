import { SafeFetchError } from '../../../adapters/safe-fetch/safe-fetch';

/**
 * A step's failure as the owner sees it: a short message for the link page, and whether trying
 * again later may help (transient) or not (permanent: fail at once, no retries).
 */
export class LinkStepError extends Error {
  constructor(
    readonly userMessage: string,
    readonly permanent: boolean,
    detail?: string,
  ) {
    super(detail ?? userMessage);
    this.name = 'LinkStepError';
  }
}

export const LINK_ERROR_MESSAGES = {
  unreachable: 'The page could not be reached',
  notFound: 'This website could not be found',
  blocked: 'This link points to a private or local network address, which Hearth does not open',
  unsupported: 'This link is not a web address Hearth can open',
  credentials: 'Hearth does not open links that contain a user name or password',
  port: 'Hearth only opens links on the standard web ports',
  redirects: 'The page redirected too many times',
  timeout: 'The page took too long to answer',
  decoding: 'The page could not be decoded',
  tooLarge: 'The page is too large for Hearth to read',
  notReadable: 'Hearth can only read web pages and plain text',
  noText: 'Hearth found no text to read on this page',
  unexpected: 'Something went wrong while reading this page',
} as const;

/** Translates a fetch failure into what the owner is told, keeping the technical detail for logs. */
export function fetchFailure(error: SafeFetchError): LinkStepError {
  const message = (() => {
    switch (error.code) {
      case 'invalid_url':
      case 'unsupported_scheme':
        return LINK_ERROR_MESSAGES.unsupported;
      case 'credentials':
        return LINK_ERROR_MESSAGES.credentials;
      case 'port':
        return LINK_ERROR_MESSAGES.port;
      case 'blocked_address':
        return LINK_ERROR_MESSAGES.blocked;
      case 'not_found':
        return LINK_ERROR_MESSAGES.notFound;
      case 'too_many_redirects':
        return LINK_ERROR_MESSAGES.redirects;
      case 'timeout':
        return LINK_ERROR_MESSAGES.timeout;
      case 'decoding':
        return LINK_ERROR_MESSAGES.decoding;
      case 'too_large':
        return LINK_ERROR_MESSAGES.tooLarge;
      case 'http_status':
        return `The page could not be loaded (the site answered ${error.status})`;
      case 'network':
        return LINK_ERROR_MESSAGES.unreachable;
    }
  })();
  return new LinkStepError(message, error.permanent, error.message);
}

/** Any error a step throws, as a LinkStepError (unknown errors are transient: a retry may pass). */
export function asLinkStepError(error: unknown): LinkStepError {
  if (error instanceof LinkStepError) return error;
  if (error instanceof SafeFetchError) return fetchFailure(error);
  return new LinkStepError(LINK_ERROR_MESSAGES.unexpected, false, (error as Error | undefined)?.message);
}
