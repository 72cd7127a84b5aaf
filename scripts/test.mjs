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

/** The titles of journeys that failed first and passed on a retry: reported, never hidden. */
function flakyTitles(suites, trail = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'flaky'))
      .map((spec) => [...trail, suite.title, spec.title].filter(Boolean).join(' › ')),
    ...flakyTitles(suite.suites ?? [], [...trail, suite.title]),
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
      for (const title of flakyTitles(report.suites ?? [])) console.log(`  - ${title}`);
    }
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
  });
} else {
  const listed = spawnSync('npx', ['playwright', 'test', '--list'], { cwd: root, encoding: 'utf8' });
  const count = Number(/Total: (\d+) tests?/.exec(listed.stdout ?? '')?.[1] ?? 0);
  skipped('browser journeys', count, `no Chromium at ${chromium}; install Debian's chromium, or see .ci/run`);
}

console.log('');
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
