// `npm test`: every suite, then a table of the layers and one summary line totalling them all.
//   static checks (typecheck, lint, format) → unit + web (Vitest) → API on PGlite
//   → API on PostgreSQL (when TEST_DATABASE_URL is set) → faults and scale-out → browser journeys
//   (Playwright in Debian's Chromium). A layer that cannot run here counts its tests as skipped, never
//   as passed; a layer that ran but wrote no results counts them as failed (scripts/test-summary.mjs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  countPlaywrightListed,
  countVitestListed,
  journeysNotRun,
  playwrightOutcome,
  settleLayer,
  skippedLayer,
  summarise,
  totals,
  vitestOutcome,
} from './test-summary.mjs';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, '.tmp', 'results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

const started = Date.now();
const layers = [];

/** Runs a command with its output shown as it comes; resolves to its exit code (or signal). */
function execute(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => resolve('not started'));
    child.on('close', (code, signal) => resolve(code ?? signal));
  });
}

/** A JSON report, or null when it was never written or was cut short. */
function readReport(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function record(layer) {
  layers.push(layer);
  console.log(`${layer.label}: ${layer.passed} passed, ${layer.failed} failed, ${layer.skipped} skipped`);
  for (const note of layer.notes) console.log(`${layer.label}: ${note}`);
}

/**
 * Lists Vitest projects' tests without running them: what a layer that never started would have run.
 * Always on the default engine (PGlite): the API suite's tests are the same on both, and a PostgreSQL
 * that refused the run would refuse the listing too.
 */
function listVitest(projects) {
  return () => {
    const args = ['vitest', 'list', ...projects.flatMap((p) => ['--project', p])];
    const listed = spawnSync('npx', args, { cwd: root, encoding: 'utf8' });
    return countVitestListed(listed.stdout ?? '');
  };
}

function listJourneys() {
  const listed = spawnSync('npx', ['playwright', 'test', '--list'], { cwd: root, encoding: 'utf8' });
  return countPlaywrightListed(listed.stdout ?? '');
}

async function vitest(label, projects, { env = {}, suite, listTests = listVitest(projects) } = {}) {
  console.log(`\n=== ${label} ===`);
  const t0 = Date.now();
  const file = path.join(results, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${file}`);
  const exitCode = await execute('npx', args, env);
  const report = readReport(file);
  const outcome = report && vitestOutcome(report, label, root);
  record(
    settleLayer({
      label,
      outcome,
      exitCode,
      listTests,
      ms: Date.now() - t0,
      suite,
    }),
  );
}

/** Typecheck, lint and format: one check each, counted like tests. */
async function staticChecks() {
  const label = 'static checks';
  console.log(`\n=== ${label} ===`);
  const t0 = Date.now();
  const checks = [
    ['typecheck', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['lint', ['eslint', '.', '--max-warnings=0']],
    ['format', ['prettier', '--check', '--log-level=warn', '.']],
  ];
  const outcome = { passed: 0, failed: 0, skipped: 0, failures: [], notes: [] };
  for (const [name, args] of checks) {
    if ((await execute('npx', args)) === 0) outcome.passed += 1;
    else {
      outcome.failed += 1;
      outcome.failures.push(`${label}: ${name} (npx ${args.join(' ')})`);
    }
  }
  record(settleLayer({ label, outcome, exitCode: 0, ms: Date.now() - t0 }));
}

/** Faults and scale-out (tests/ops): real Hearth processes, built first, on a PostgreSQL server the
 *  suite starts, stops and kills itself; it needs Debian's PostgreSQL binaries (see .ci/run). */
async function faultsAndScaleOut() {
  const label = 'faults and scale-out';
  const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
  if (!fs.existsSync(path.join(pgBin, 'initdb'))) {
    const why = `no PostgreSQL binaries in ${pgBin}; install postgresql-15, or see .ci/run`;
    record(skippedLayer({ label, count: listVitest(['ops'])(), why }));
    return;
  }
  console.log(`\n=== building Hearth for the ${label} suite ===`);
  const t0 = Date.now();
  const built = await execute('npm', ['run', 'build', '--silent']);
  if (built === 0) return vitest(label, ['ops']);
  const why = `npm run build failed (exit code ${built})`;
  record(settleLayer({ label, outcome: null, listTests: listVitest(['ops']), ms: Date.now() - t0, why }));
}

async function browserJourneys() {
  const label = 'browser journeys';
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    const why = `no Chromium at ${chromium}; install Debian's chromium, or see .ci/run`;
    record(skippedLayer({ label, count: listJourneys(), why }));
    return;
  }
  console.log(`\n=== ${label} ===`);
  const t0 = Date.now();
  const file = path.join(results, 'e2e.json');
  const exitCode = await execute('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  const report = readReport(file);
  const outcome = report && playwrightOutcome(report, label);
  const why = journeysNotRun(report);
  record(settleLayer({ label, outcome, exitCode, listTests: listJourneys, ms: Date.now() - t0, why }));
}

await staticChecks();
await vitest('unit and web', ['unit', 'web']);
await vitest('API on PGlite', ['api'], { env: { TEST_DB: 'pglite' }, suite: 'api' });
// The API suite's tests on PostgreSQL are those it just ran on PGlite; listing them again would cost
// minutes (`vitest list` imports every API file).
const pglite = layers.at(-1);
const apiTests = () => pglite.passed + pglite.failed + pglite.skipped;
if (process.env.TEST_DATABASE_URL) {
  await vitest('API on PostgreSQL', ['api'], {
    env: { TEST_DB: 'postgres' },
    suite: 'api',
    listTests: apiTests,
  });
} else {
  const why = 'TEST_DATABASE_URL is not set';
  record(skippedLayer({ label: 'API on PostgreSQL', count: apiTests(), why, suite: 'api' }));
}
await faultsAndScaleOut();
await browserJourneys();

console.log('');
for (const line of summarise(layers, Date.now() - started)) console.log(line);
process.exit(totals(layers).failed > 0 ? 1 : 0);
