// Offline dependency audit. The registry does not answer `npm audit` on Hearth's build machines,
// so CI checks the production dependency tree (from package-lock.json) two ways:
//   1. it must equal the recorded tree in docs/dependencies.txt, so every change to what ships is
//      reviewed in a diff (refresh the record with `npm run audit:deps -- --write`);
//   2. no package may fall in a range listed in security/known-bad.json (advisories copied by hand
//      from the GitHub Advisory Database / OSV, with their ids).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const RECORD = path.join(root, 'docs', 'dependencies.txt');
const KNOWN_BAD = path.join(root, 'security', 'known-bad.json');

/** `name@version` of every package installed for production, sorted, one per line. */
export function productionTree(lock) {
  const entries = new Set();
  for (const [location, info] of Object.entries(lock.packages ?? {})) {
    if (!location || info.dev || info.link) continue;
    const name = info.name ?? location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
    entries.add(`${name}@${info.version}`);
  }
  return [...entries].sort();
}

/** Compares two plain versions (x.y.z, a pre-release sorts before its release). */
export function compareVersions(a, b) {
  const parse = (v) => {
    const [core, pre] = v.split('-', 2);
    return { parts: core.split('.').map((n) => Number.parseInt(n, 10) || 0), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) {
    const d = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre && !y.pre) return -1;
  if (!x.pre && y.pre) return 1;
  return x.pre && y.pre ? (x.pre < y.pre ? -1 : x.pre > y.pre ? 1 : 0) : 0;
}

/** Whether `version` is inside one of the advisory's ranges: introduced <= version < fixed. */
export function isAffected(version, ranges) {
  return ranges.some(
    ({ introduced = '0.0.0', fixed }) =>
      compareVersions(version, introduced) >= 0 &&
      (fixed === undefined || compareVersions(version, fixed) < 0),
  );
}

/** The tree's entries that a known advisory covers, as readable lines. */
export function findKnownBad(tree, advisories) {
  const problems = [];
  for (const entry of tree) {
    const at = entry.lastIndexOf('@');
    const name = entry.slice(0, at);
    const version = entry.slice(at + 1);
    for (const advisory of advisories) {
      if (advisory.package === name && isAffected(version, advisory.ranges)) {
        problems.push(`${entry}: ${advisory.id} ${advisory.summary}`);
      }
    }
  }
  return problems;
}

function main() {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const tree = productionTree(lock);
  const text = `${tree.join('\n')}\n`;
  if (process.argv.includes('--write')) {
    fs.writeFileSync(RECORD, text);
    console.log(`Recorded ${tree.length} production packages in docs/dependencies.txt`);
  }
  let failed = false;
  const recorded = fs.existsSync(RECORD) ? fs.readFileSync(RECORD, 'utf8') : '';
  if (recorded !== text) {
    const was = new Set(recorded.split('\n').filter(Boolean));
    const now = new Set(tree);
    const added = tree.filter((e) => !was.has(e));
    const removed = [...was].filter((e) => !now.has(e));
    console.error('The production dependency tree differs from docs/dependencies.txt:');
    for (const e of added) console.error(`  + ${e}`);
    for (const e of removed) console.error(`  - ${e}`);
    console.error('Review the change, then run `npm run audit:deps -- --write` and commit the record.');
    failed = true;
  }
  const advisories = JSON.parse(fs.readFileSync(KNOWN_BAD, 'utf8')).advisories;
  const problems = findKnownBad(tree, advisories);
  for (const problem of problems) console.error(`known-bad: ${problem}`);
  if (problems.length > 0) failed = true;
  if (failed) process.exit(1);
  console.log(
    `Dependency audit: ${tree.length} production packages match the record; none of ${advisories.length} known advisories applies.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main();
