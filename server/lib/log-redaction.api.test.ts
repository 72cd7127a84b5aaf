import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../http/auth';
import { confirmationCodeFrom, resetTokenFrom, signUpBody } from '../../tests/support/accounts';
import { memberWithClient } from '../../tests/support/factories';
import { jpeg, putBytes, requestUpload } from '../../tests/support/file-factories';
import { createTestApp, type TestApp, waitForMail } from '../../tests/support/test-app';

/**
 * Walks every flow that hands out a secret (invitation code, confirmation code, reset token,
 * session cookie, signed upload URL) with the logger at its most talkative, then searches
 * everything it wrote for those secrets.
 */
describe('logs never carry secrets', () => {
  let app: TestApp;
  let output = '';
  const capture = new Writable({
    write(chunk, _encoding, done) {
      output += String(chunk);
      done();
    },
  });

  beforeAll(async () => {
    app = await createTestApp({ logTo: { stream: capture, level: 'trace' } });
  });
  afterAll(() => app.close());

  it('redacts tokens in addresses, cookies and bodies across invitation, sign-up, reset and upload', async () => {
    const secrets: string[] = [];
    const { client: inviter } = await memberWithClient(app);
    secrets.push(inviter.cookie(SESSION_COOKIE)!);

    // Invitation: the code comes back in the answer and travels in the invitation page's address.
    const invited = await inviter.post('/api/invitations', { invitation: { email: 'guest@example.test' } });
    expect(invited.status).toBe(201);
    const invitationCode = invited.body.code as string;
    secrets.push(invitationCode);
    const invitationPage = await app.client().get(`/invitation?code=${invitationCode}`);
    expect(invitationPage.headers.get('referrer-policy')).toBe('no-referrer');
    await app.client().post('/api/check_invitation', { invitation: { code: invitationCode } });

    // Sign-up, then confirmation by GET with the token in the query string (the spec's contract).
    const guest = app.client();
    const body = signUpBody({ invitation_code: invitationCode });
    expect((await guest.post('/api/users', body)).status).toBe(201);
    const confirmation = confirmationCodeFrom(await waitForMail(app, body.user.email));
    secrets.push(confirmation);
    const confirmed = await guest.get(`/api/users/confirmation?confirmation_token=${confirmation}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('referrer-policy')).toBe('no-referrer');

    // Sign-in: the session cookie, then a signed-in call that sends it.
    const signedIn = await guest.post('/api/users/sign_in', {
      user: { email: body.user.email, password: body.user.password },
    });
    expect(signedIn.status).toBe(200);
    secrets.push(guest.cookie(SESSION_COOKIE)!);
    await guest.get('/api/invitations');

    // Password reset: the token in the reset page's address and in the PATCH body.
    await app.client().post('/api/users/password', { user: { email: body.user.email } });
    const resetToken = resetTokenFrom(await waitForMail(app, body.user.email, { count: 2 }));
    secrets.push(resetToken);
    await app.client().get(`/password-reset?token=${resetToken}`);
    const reset = await app.client().patch('/api/users/password', {
      user: {
        reset_password_token: resetToken,
        password: 'another secret 1',
        password_confirmation: 'another secret 1',
      },
    });
    expect(reset.status).toBe(200);

    // A signed upload URL: its signature is a bearer credential for the PUT.
    const upload = await requestUpload(inviter);
    const signature = new URL(upload.body.url, app.url).searchParams.get('signature');
    expect(signature).toBeTruthy();
    secrets.push(signature!);
    expect((await putBytes(app, upload.body.url, await jpeg())).status).toBe(200);

    expect(output).toContain('/api/users/confirmation?confirmation_token=[REDACTED]');
    for (const secret of secrets) expect(output).not.toContain(secret);
  });
});
