import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitation, signUpBody } from '../../../tests/support/accounts';
import { memberWithClient } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const HIDDEN = 'must not contain invisible or text-direction characters';
const MARKS = 'has too many combining marks (at most 2 on one character)';
/** "admin" shown right to left by an override, and "Ada" with a zero-width space. */
const SPOOFED_NAME = '\u202Enimda';
const ZERO_WIDTH_NAME = 'A\u200Bda';
const ZALGO = 'Z\u0351\u0352\u0353a\u0354l\u0355g\u0356o';

/** Text that lies about what it says is refused where people identify each other (ADR 014). */
describe('text that lies', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('sign-up refuses bidi controls and zero-width characters in names and usernames', async () => {
    const invitation = await createInvitation(app);
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ first_name: SPOOFED_NAME }, { first_name: [HIDDEN] }],
      [{ last_name: ZERO_WIDTH_NAME }, { last_name: [HIDDEN] }],
      [{ username: 'ada\u200Dlove' }, { username: [HIDDEN] }],
      [{ first_name: ZALGO }, { first_name: [MARKS] }],
    ];
    for (const [override, errors] of cases) {
      const res = await app
        .client()
        .post('/api/users', signUpBody({ invitation_code: invitation.code, ...override }));
      expect(res.status, JSON.stringify(override)).toBe(422);
      expect(res.body, JSON.stringify(override)).toEqual({ errors });
    }
    // Accents and scripts written right to left are fine.
    const fine = await app
      .client()
      .post(
        '/api/users',
        signUpBody({ invitation_code: invitation.code, first_name: 'Zoë', last_name: 'עברית' }),
      );
    expect(fine.status).toBe(201);
  });

  it('the profile form refuses them too', async () => {
    const { client } = await memberWithClient(app);
    const res = await client.patch('/api/profile', {
      profile: { first_name: SPOOFED_NAME, last_name: ZALGO },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { first_name: [HIDDEN], last_name: [MARKS] } });
  });

  it('a post title may not stack combining marks', async () => {
    const { client } = await memberWithClient(app);
    const res = await client.post('/api/posts', { post: { tldr: ZALGO } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { tldr: [MARKS] } });
    const accented = await client.post('/api/posts', {
      post: { tldr: 'Crème brûlée, e\u0323\u0302 (two marks)' },
    });
    expect(accented.status).toBe(201);
  });

  it('a group name may not stack combining marks', async () => {
    const { client } = await memberWithClient(app);
    const res = await client.post('/api/groups', { group: { name: ZALGO } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { name: [MARKS] } });
  });
});
