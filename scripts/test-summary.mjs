// The counting and summing behind `npm test` (scripts/test.mjs), kept apart from the processes it
// starts so that its rules can be tested: a layer that wrote no results counts as failed, a file that
// failed to load counts as a failure, and the summary's last line is always
// `N passed, N failed, N skipped`, which CI reads.
import path from 'node:path';

/** Counts from Vitest's JSON report; null when no test file ran at all (the runner never got going). */
export function vitestOutcome(json, label, root) {
  const files = json.testResults ?? [];
  if (files.length === 0) return null;
  const failures = [];
  let unloaded = 0;
  for (const file of files) {
    const where = path.relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push(`${label}: ${where} › ${test.fullName}${why(test.failureMessages?.[0])}`);
    }
    // A file that failed to import (or whose hooks threw) has no failed test to show for it, and its
    // tests are unknown: it counts as one failure, whatever else failed beside it.
    if (file.status === 'failed' && failedTests.length === 0) {
      unloaded += 1;
      // Vitest keeps a hook's error on its suite, which the JSON report leaves out: say where to look.
      const ran = (file.assertionResults ?? []).some((test) => test.status === 'passed');
      const reason =
        file.message || (ran ? 'its tests passed, then a hook failed (its error is in the log)' : '');
      failures.push(`${label}: ${where} (the file failed to run)${why(reason)}`);
    }
  }
  return {
    passed: json.numPassedTests ?? 0,
    failed: (json.numFailedTests ?? 0) + unloaded,
    skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
    failures,
    notes: [],
  };
}

/**
 * The titles of journeys whose outcome was `status`, with their describe blocks; with `reasons`, each
 * followed by its last attempt's error.
 */
function journeyTitles(suites, status, trail = [], reasons = false) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) => {
      const test = spec.tests.find((candidate) => candidate.status === status);
      if (!test) return [];
      const title = [...trail, suite.title, spec.title].filter(Boolean).join(' › ');
      return [reasons ? `${title}${why(test.results?.at(-1)?.error?.message)}` : title];
    }),
    ...journeyTitles(suite.suites ?? [], status, [...trail, suite.title], reasons),
  ]);
}

/**
 * Counts from Playwright's JSON report. A flaky journey (failed, then passed on its retry) counts as
 * passed and is named, never hidden. Null when no journey ran and the report carries an error: the
 * web server never booted, or the configuration failed to load.
 */
export function playwrightOutcome(report, label) {
  const { stats } = report;
  const errors = (report.errors ?? []).map((error) => firstLine(error.message ?? String(error)));
  const ran = stats.expected + stats.unexpected + stats.flaky + stats.skipped;
  if (ran === 0 && errors.length > 0) return null;
  const failures = journeyTitles(report.suites ?? [], 'unexpected', [], true).map(
    (title) => `${label}: ${title}`,
  );
  failures.push(...errors.map((error) => `${label}: ${error}`));
  const flaky = journeyTitles(report.suites ?? [], 'flaky');
  const notes =
    flaky.length > 0 ? [`${flaky.length} flaky (failed, then passed on retry): ${flaky.join('; ')}`] : [];
  return {
    passed: stats.expected + stats.flaky,
    // An error outside any test (a global hook, a server that died mid-run) is one failure more.
    failed: stats.unexpected + (errors.length > 0 && stats.unexpected === 0 ? 1 : 0),
    skipped: stats.skipped,
    failures,
    notes,
  };
}

/** Why no journey ran, from the report's own error (the web server that never booted, say). */
export function journeysNotRun(report) {
  const error = report?.errors?.[0];
  return error ? `no journey ran (${firstLine(error.message ?? String(error))})` : undefined;
}

function firstLine(text) {
  return text.split('\n').find((line) => line.trim() !== '') ?? text;
}

/**
 * A failure's reason on the summary's line: the first line of its message, cut short, so a run whose
 * full log is not kept still says why a test failed.
 */
function why(message) {
  if (!message) return '';
  const line = firstLine(message).trim().replace(/\s+/g, ' ');
  return `: ${line.length > 240 ? `${line.slice(0, 239)}…` : line}`;
}

/** How many tests `vitest list` printed (one line per test, `[project] file > … > name`). */
export function countVitestListed(stdout) {
  return stdout.split('\n').filter((line) => /\.test\.tsx? > /.test(line)).length;
}

/** How many journeys `playwright test --list` found (its last line: `Total: N tests in M files`). */
export function countPlaywrightListed(stdout) {
  return Number(/Total: (\d+) tests?/.exec(stdout)?.[1] ?? 0);
}

/**
 * A layer's counts once its process has ended. No results at all: every test it would have run counts
 * as failed (at least one, when they cannot be listed). Results with no failure but a failing exit
 * code (an unhandled error between tests): one failure more, so the last line never says 0 failed
 * while the run has failed.
 */
export function settleLayer({ label, outcome, exitCode, listTests, ms, suite, why }) {
  if (!outcome) {
    const listed = listTests();
    const reason = why ?? `no results were written (exit code ${exitCode})`;
    const counted =
      listed > 0 ? `its ${listed} tests count as failed` : 'one failure (its tests could not be listed)';
    return {
      label,
      suite,
      ms,
      passed: 0,
      failed: Math.max(listed, 1),
      skipped: 0,
      failures: [`${label}: ${reason}; ${counted}`],
      notes: [],
    };
  }
  const layer = { label, suite, ms, ...outcome, failures: [...outcome.failures] };
  if (exitCode !== 0 && outcome.failed === 0) {
    layer.failed = 1;
    layer.failures.push(`${label}: exited with code ${exitCode} though no test failed`);
  }
  return layer;
}

/** A layer that cannot run on this machine: its tests count as skipped, never as passed. */
export function skippedLayer({ label, count, why, suite }) {
  return {
    label,
    suite,
    ms: null,
    passed: 0,
    failed: 0,
    skipped: count,
    failures: [],
    notes: [`not run: ${why}`],
  };
}

/**
 * CI's time for the whole of `.ci/run` on its two cores (ADR 038); the summary warns once a run takes
 * three quarters of it, while there is still room to make the suite faster before it fails.
 */
export const CI_BUDGET_MS = 40 * 60_000;

/** Minutes and seconds, `mm:ss`. */
export function formatDuration(ms) {
  const seconds = Math.round(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Tests counted once however many layers run them (the API suite runs on PGlite and on PostgreSQL). */
export function distinctTests(layers) {
  const largest = new Map();
  for (const layer of layers) {
    const key = layer.suite ?? layer.label;
    const total = layer.passed + layer.failed + layer.skipped;
    largest.set(key, Math.max(largest.get(key) ?? 0, total));
  }
  return [...largest.values()].reduce((sum, n) => sum + n, 0);
}

export function totals(layers) {
  return layers.reduce(
    (sum, layer) => ({
      passed: sum.passed + layer.passed,
      failed: sum.failed + layer.failed,
      skipped: sum.skipped + layer.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
}

/**
 * The summary's lines: a table of the layers with their wall times, the distinct tests, every failure
 * by layer and name, and last the runs' totals alone on their line.
 */
export function summarise(layers, wallMs) {
  const sum = totals(layers);
  const rows = [
    ['layer', 'passed', 'failed', 'skipped', 'time'],
    ...layers.map((layer) => [
      layer.label,
      String(layer.passed),
      String(layer.failed),
      String(layer.skipped),
      layer.ms === null ? 'not run' : formatDuration(layer.ms),
    ]),
    ['all runs', String(sum.passed), String(sum.failed), String(sum.skipped), formatDuration(wallMs)],
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const lines = rows.map((row) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column])))
      .join('  '),
  );
  lines.push(`distinct tests: ${distinctTests(layers)} (the API suite runs on two engines)`);
  if (wallMs > CI_BUDGET_MS * 0.75)
    lines.push(
      `time: ${formatDuration(wallMs)}, past three quarters of CI's ${formatDuration(CI_BUDGET_MS)} (ADR 038)`,
    );
  for (const layer of layers) for (const note of layer.notes) lines.push(`${layer.label}: ${note}`);
  const failures = layers.flatMap((layer) => layer.failures);
  if (failures.length > 0) lines.push('Failed:', ...failures.map((failure) => `  - ${failure}`));
  lines.push(`${sum.passed} passed, ${sum.failed} failed, ${sum.skipped} skipped`);
  return lines;
}
