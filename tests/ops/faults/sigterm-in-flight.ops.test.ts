import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';
import {
  killAllHearths,
  startHearthProcess,
  startSlowRequest,
  waitForOutput,
  waitUntilRefused,
} from '../support/hearth-process';

/** A deploy sends SIGTERM while members' requests are still arriving: they get their answers. */
describe('SIGTERM during requests', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  });
  afterEach(() => killAllHearths());
  afterAll(() => cluster?.destroy());

  it('answers the requests in flight, refuses new connections, and exits 0', async () => {
    const hearth = await startHearthProcess({ databaseUrl: cluster.url, env: { LOG_LEVEL: 'debug' } });
    const signIn = () =>
      startSlowRequest(hearth.url, {
        path: '/api/users/sign_in',
        headers: {
          'content-type': 'application/json',
          origin: hearth.url,
          'x-requested-with': 'XMLHttpRequest',
        },
        body: JSON.stringify({ user: { email: 'nobody@example.test', password: 'not the password' } }),
      });
    const slow = [signIn(), signIn()];
    // The server has both requests (their headers are logged) before the signal.
    await waitForOutput(
      hearth,
      (output) => (output.match(/"url":"\/api\/users\/sign_in"/g) ?? []).length >= 2,
    );

    hearth.child.kill('SIGTERM');
    await waitUntilRefused(hearth.port);

    for (const request of slow) request.finish();
    for (const answer of await Promise.all(slow.map((request) => request.answer))) {
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String) });
    }
    expect(await hearth.exited).toBe(0);
  });
});
