import { describe, expect, it } from 'vitest';
import {
  CI_BUDGET_MS,
  countPlaywrightListed,
  countVitestListed,
  distinctTests,
  formatDuration,
  journeysNotRun,
  playwrightOutcome,
  settleLayer,
  skippedLayer,
  summarise,
  vitestOutcome,
  type Layer,
  type PlaywrightReport,
} from './test-summary.mjs';

const root = '/repo';

function layer(label: string, counts: Partial<Layer> = {}): Layer {
  return { label, passed: 0, failed: 0, skipped: 0, ms: 60_000, failures: [], notes: [], ...counts };
}

/** Playwright's report when its web server never booted: the journeys were loaded, none ran. */
const serverNeverBooted: PlaywrightReport = {
  suites: [{ title: 'posts.spec.ts', specs: [{ title: 'a member posts', tests: [{ status: 'skipped' }] }] }],
  errors: [{ message: 'Error: Process from config.webServer was not able to start. Exit code: 1\n    at …' }],
  stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 },
};

describe("npm test's summary", () => {
  it('counts a file that failed to import as a failure beside the failed tests of other files', () => {
    // Vitest's JSON report (its shape as written by `vitest run --reporter=json`) for two files: one
    // whose import threw, one with a passed, a failed and a skipped test.
    const report = {
      numPassedTests: 1,
      numFailedTests: 1,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [
        {
          name: '/repo/server/broken.test.ts',
          status: 'failed',
          message: 'Cannot find module',
          assertionResults: [],
        },
        {
          name: '/repo/server/ok.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'adds' },
            {
              status: 'failed',
              fullName: 'fails',
              failureMessages: ['\nAssertionError: expected 2 to be 3\n    at ok.test.ts:4:7'],
            },
            { status: 'skipped', fullName: 'skipped' },
          ],
        },
      ],
    };
    const outcome = vitestOutcome(report, 'unit and web', root);
    expect(outcome).toMatchObject({ passed: 1, failed: 2, skipped: 1 });
    expect(outcome?.failures).toEqual([
      'unit and web: server/broken.test.ts (the file failed to run): Cannot find module',
      'unit and web: server/ok.test.ts › fails: AssertionError: expected 2 to be 3',
    ]);
  });

  it('names a file whose tests passed and whose closing hook failed, which the report gives no message for', () => {
    const report = {
      numPassedTests: 2,
      numFailedTests: 0,
      testResults: [
        {
          name: `${root}/server/cleanup.api.test.ts`,
          status: 'failed',
          message: '',
          assertionResults: [
            { status: 'passed', fullName: 'first' },
            { status: 'passed', fullName: 'second' },
          ],
        },
      ],
    };
    const outcome = vitestOutcome(report, 'API on PGlite', root);
    expect(outcome).toMatchObject({ passed: 2, failed: 1 });
    expect(outcome?.failures).toEqual([
      'API on PGlite: server/cleanup.api.test.ts (the file failed to run): its tests passed, then a hook failed (its error is in the log)',
    ]);
  });

  it('counts a layer that wrote no results as failed, as many as the tests it would have run', () => {
    const outcome = playwrightOutcome(serverNeverBooted, 'browser journeys');
    expect(outcome).toBeNull();
    const journeys = settleLayer({
      label: 'browser journeys',
      outcome,
      exitCode: 1,
      listTests: () => 42,
      ms: 95_000,
      why: journeysNotRun(serverNeverBooted),
    });
    expect(journeys).toMatchObject({ passed: 0, failed: 42, skipped: 0 });
    const lines = summarise([layer('unit and web', { passed: 10 }), journeys], 200_000);
    expect(lines.at(-1)).toBe('10 passed, 42 failed, 0 skipped');
    expect(lines).toContain('Failed:');
    expect(lines).toContain(
      '  - browser journeys: no journey ran (Error: Process from config.webServer was not able to start. Exit code: 1); its 42 tests count as failed',
    );
  });

  it('counts at least one failure when the missing tests cannot be listed', () => {
    const api = settleLayer({
      label: 'API on PGlite',
      outcome: null,
      exitCode: 'SIGKILL',
      listTests: () => 0,
      ms: 1,
    });
    expect(api.failed).toBe(1);
    expect(api.failures).toEqual([
      'API on PGlite: no results were written (exit code SIGKILL); one failure (its tests could not be listed)',
    ]);
    expect(vitestOutcome({ testResults: [] }, 'API on PGlite', root)).toBeNull();
  });

  it('counts a run that exited with an error but no failed test as one failure', () => {
    const unit = settleLayer({
      label: 'unit and web',
      outcome: { passed: 5, failed: 0, skipped: 0, failures: [], notes: [] },
      exitCode: 1,
      ms: 1,
    });
    expect(unit).toMatchObject({ passed: 5, failed: 1 });
    expect(unit.failures).toEqual(['unit and web: exited with code 1 though no test failed']);
  });

  it('counts a flaky journey as passed and names it', () => {
    const report: PlaywrightReport = {
      suites: [
        {
          title: 'posts.spec.ts',
          specs: [
            { title: 'a member posts', tests: [{ status: 'flaky' }] },
            { title: 'a member edits', tests: [{ status: 'expected' }] },
          ],
          suites: [
            {
              title: 'drafts',
              specs: [
                {
                  title: 'a draft is kept',
                  tests: [
                    {
                      status: 'unexpected',
                      results: [
                        { error: { message: 'Error: first try' } },
                        { error: { message: 'Error: expect(locator).toBeVisible() failed\n\nLocator: …' } },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
      errors: [],
      stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 0 },
    };
    const outcome = playwrightOutcome(report, 'browser journeys');
    expect(outcome).toMatchObject({ passed: 2, failed: 1, skipped: 0 });
    expect(outcome?.notes).toEqual([
      '1 flaky (failed, then passed on retry): posts.spec.ts › a member posts',
    ]);
    expect(outcome?.failures).toEqual([
      'browser journeys: posts.spec.ts › drafts › a draft is kept: Error: expect(locator).toBeVisible() failed',
    ]);
  });

  it('counts an error outside any journey as a failure even when every journey passed', () => {
    const report: PlaywrightReport = {
      suites: [
        { title: 'posts.spec.ts', specs: [{ title: 'a member posts', tests: [{ status: 'expected' }] }] },
      ],
      errors: [{ message: 'Error: global teardown timed out\n    at …' }],
      stats: { expected: 1, unexpected: 0, flaky: 0, skipped: 0 },
    };
    const outcome = playwrightOutcome(report, 'browser journeys');
    expect(outcome).toMatchObject({ passed: 1, failed: 1 });
    expect(outcome?.failures).toEqual(['browser journeys: Error: global teardown timed out']);
  });

  it('reads the tests a runner lists', () => {
    const vitestList = [
      '[unit] server/a.test.ts > rules > holds',
      '[unit] web/b.test.tsx > draws',
      '',
      'some warning',
    ].join('\n');
    expect(countVitestListed(vitestList)).toBe(2);
    expect(
      countPlaywrightListed('Listing tests:\n  [desktop] › a.spec.ts:3:1 › x\nTotal: 57 tests in 21 files\n'),
    ).toBe(57);
  });

  it('prints a table of the layers with their times, the distinct tests and the runs last', () => {
    const layers = [
      layer('static checks', { passed: 3, ms: 83_000 }),
      layer('API on PGlite', { passed: 800, skipped: 2, suite: 'api', ms: 361_000 }),
      layer('API on PostgreSQL', {
        passed: 801,
        failed: 1,
        suite: 'api',
        failures: ['API on PostgreSQL: x › y'],
      }),
      skippedLayer({ label: 'browser journeys', count: 57, why: 'no Chromium at /nowhere' }),
    ];
    expect(distinctTests(layers)).toBe(3 + 802 + 57);
    expect(summarise(layers, 1_505_000)).toEqual([
      'layer              passed  failed  skipped     time',
      'static checks           3       0        0    01:23',
      'API on PGlite         800       0        2    06:01',
      'API on PostgreSQL     801       1        0    01:00',
      'browser journeys        0       0       57  not run',
      'all runs             1604       1       59    25:05',
      'distinct tests: 862 (the API suite runs on two engines)',
      'browser journeys: not run: no Chromium at /nowhere',
      'Failed:',
      '  - API on PostgreSQL: x › y',
      '1604 passed, 1 failed, 59 skipped',
    ]);
    expect(formatDuration(3_599_000)).toBe('59:59');
  });

  it("warns once a run takes three quarters of CI's time, and not before", () => {
    const layers = [layer('unit and web', { passed: 10 })];
    const wallMs = (budget: number) => CI_BUDGET_MS * budget;
    expect(summarise(layers, wallMs(0.7))).toEqual([
      'layer         passed  failed  skipped   time',
      'unit and web      10       0        0  01:00',
      'all runs          10       0        0  28:00',
      'distinct tests: 10 (the API suite runs on two engines)',
      '10 passed, 0 failed, 0 skipped',
    ]);
    expect(summarise(layers, wallMs(0.8))).toContain(
      "time: 32:00, past three quarters of CI's 40:00 (ADR 038)",
    );
  });
});
