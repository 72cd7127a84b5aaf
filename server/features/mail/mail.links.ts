/**
 * Addresses of the web app's pages that Hearth hands out in mails, logs and API responses. The
 * web routes read these query parameters (spec section 2: /invitation?code=, and ours for the others).
 */
export const appLinks = {
  invitation: (origin: string, code: string) => `${origin}/invitation?code=${encodeURIComponent(code)}`,
  emailConfirmation: (origin: string, code: string) =>
    `${origin}/email-confirmation?code=${encodeURIComponent(code)}`,
  signIn: (origin: string) => `${origin}/signin`,
  passwordRequest: (origin: string) => `${origin}/password-request`,
  emailChange: (origin: string, token: string) =>
    `${origin}/settings/email-confirmation?token=${encodeURIComponent(token)}`,
  yourData: (origin: string) => `${origin}/settings/data`,
  passwordReset: (origin: string, token: string) =>
    `${origin}/password-reset?token=${encodeURIComponent(token)}`,
};
