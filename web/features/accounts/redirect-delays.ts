/** How long the account screens show their notice before they move on (spec section 9). */
export const REDIRECT_DELAYS = {
  afterResetRequestMs: 5000,
  afterResetMs: 2000,
  afterConfirmationMs: 2000,
} as const;
