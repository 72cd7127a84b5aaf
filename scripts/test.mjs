// `npm test`: every suite, then one summary line totalling them all.
//   static checks (typecheck, lint, format) → unit + web (Vitest) → API on PGlite
//   → API on PostgreSQL (when TEST_DATABASE_URL is set) → browser journeys (Playwright in Debian's
//   Chromium). A layer that cannot run here counts its tests as skipped, never as passed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, '.tmp', 'results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;
/** Every failure by layer and name, printed again just above the summary line so a log's tail says what broke. */
const failures = [];

function run(label, command, args, env, readCounts) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const counts = readCounts();
  if (!counts) {
    console.log(`${label}: no results were written (exit code ${result.status})`);
    broken = true;
    return null;
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (result.status !== 0 && counts.failed === 0) broken = true;
  console.log(`${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  return { ...counts, total: counts.passed + counts.failed + counts.skipped };
}

function vitest(label, projects, env = {}) {
  const file = path.join(results, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${file}`);
  return run(label, 'npx', args, env, () => {
    if (!fs.existsSync(file)) return null;
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    for (const suite of json.testResults ?? []) {
      const where = path.relative(root, suite.name);
      const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failedTests) failures.push(`${label}: ${where} › ${test.fullName}`);
      if (suite.status === 'failed' && failedTests.length === 0)
        failures.push(`${label}: ${where} (the file failed to run)`);
    }
    return {
      passed: json.numPassedTests,
      failed: json.numFailedTests + (json.numFailedTestSuites > 0 && json.numFailedTests === 0 ? 1 : 0),
      skipped: json.numPendingTests + json.numTodoTests,
    };
  });
}

/** Typecheck, lint and format: one check each, counted like tests. */
function staticChecks() {
  console.log('\n=== static checks ===');
  const checks = [
    ['typecheck', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['lint', ['eslint', '.', '--max-warnings=0']],
    ['format', ['prettier', '--check', '--log-level=warn', '.']],
  ];
  let passed = 0;
  let failed = 0;
  for (const [name, args] of checks) {
    const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });
    if (result.status === 0) passed += 1;
    else {
      failed += 1;
      console.log(`static checks: ${name} failed (npx ${args.join(' ')})`);
      failures.push(`static checks: ${name}`);
    }
  }
  totals.passed += passed;
  totals.failed += failed;
  console.log(`static checks: ${passed} passed, ${failed} failed, 0 skipped`);
}

/** Counts a layer that could not run here as skipped, with the reason. */
function skipped(label, count, why) {
  totals.skipped += count;
  console.log(`\n${label}: not run (${why}): ${count} skipped`);
}

staticChecks();
vitest('unit and web', ['unit', 'web']);
const pglite = vitest('API on PGlite', ['api'], { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('API on PostgreSQL', ['api'], { TEST_DB: 'postgres' });
} else {
  skipped('API on PostgreSQL', pglite?.total ?? 0, 'TEST_DATABASE_URL is not set');
}

// Faults and scale-out (tests/ops): real Hearth processes, built first, on a PostgreSQL server the
// suite starts, stops and kills itself; it needs Debian's PostgreSQL binaries (see .ci/run).
const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
if (fs.existsSync(path.join(pgBin, 'initdb'))) {
  console.log('\n=== building Hearth for the faults and scale-out suite ===');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status === 0) vitest('faults and scale-out', ['ops']);
  else {
    console.log('faults and scale-out: the build failed');
    failures.push('faults and scale-out: npm run build');
    broken = true;
  }
} else {
  const listed = spawnSync('npx', ['vitest', 'list', '--project', 'ops'], { cwd: root, encoding: 'utf8' });
  const count = (listed.stdout ?? '').split('\n').filter((line) => line.includes('.ops.test.ts')).length;
  skipped(
    'faults and scale-out',
    count,
    `no PostgreSQL binaries in ${pgBin}; install postgresql-15, or see .ci/run`,
  );
}

/** The titles of journeys whose outcome was `status` (flaky: failed first, passed on a retry; reported, never hidden). */
function journeyTitles(suites, status, trail = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === status))
      .map((spec) => [...trail, suite.title, spec.title].filter(Boolean).join(' › ')),
    ...journeyTitles(suite.suites ?? [], status, [...trail, suite.title]),
  ]);
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) {
  const file = path.join(results, 'e2e.json');
  run('browser journeys', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file }, () => {
    if (!fs.existsSync(file)) return null;
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    const { stats } = report;
    if (stats.flaky > 0) {
      console.log(`browser journeys: ${stats.flaky} flaky (failed, then passed on retry):`);
      for (const title of journeyTitles(report.suites ?? [], 'flaky')) console.log(`  - ${title}`);
    }
    for (const title of journeyTitles(report.suites ?? [], 'unexpected'))
      failures.push(`browser journeys: ${title}`);
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
  });
} else {
  const listed = spawnSync('npx', ['playwright', 'test', '--list'], { cwd: root, encoding: 'utf8' });
  const count = Number(/Total: (\d+) tests?/.exec(listed.stdout ?? '')?.[1] ?? 0);
  skipped('browser journeys', count, `no Chromium at ${chromium}; install Debian's chromium, or see .ci/run`);
}

console.log('');
if (failures.length > 0) {
  console.log('Failed:');
  for (const failure of failures) console.log(`  - ${failure}`);
}
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
