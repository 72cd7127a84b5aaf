/** Why a fetch was refused or failed, and whether trying again later may help. */
export type SafeFetchErrorCode =
  | 'invalid_url'
  | 'unsupported_scheme'
  | 'credentials'
  | 'port'
  | 'blocked_address'
  | 'not_found'
  | 'too_many_redirects'
  | 'timeout'
  | 'network'
  | 'http_status'
  | 'decoding'
  | 'too_large';

/** Retrying cannot help these: the URL or the answer is refused as it stands. */
const PERMANENT_CODES = new Set<SafeFetchErrorCode>([
  'invalid_url',
  'unsupported_scheme',
  'credentials',
  'port',
  'blocked_address',
  'not_found',
  'too_many_redirects',
  'decoding',
  'too_large',
]);

export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }

  /** True when retrying cannot help; timeouts, network trouble and 5xx, 408, 425, 429 answers may pass later. */
  get permanent(): boolean {
    if (this.code === 'http_status')
      return this.status !== undefined && this.status < 500 && ![408, 425, 429].includes(this.status);
    return PERMANENT_CODES.has(this.code);
  }
}
