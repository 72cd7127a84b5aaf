/** Days between the request and the deletion; signing in during them keeps the account. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

export const ACCOUNT_DELETION_MESSAGES = {
  /** `base` error: the only admin would leave the site with nobody to run it. */
  soleAdmin: 'You are the only admin. Make another member an admin before you delete your account.',
  /** The notice after a sign-in that cancelled a pending deletion. */
  cancelled: 'Welcome back. Your account will not be deleted.',
} as const;
