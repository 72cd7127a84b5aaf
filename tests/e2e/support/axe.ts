import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA: the bar every Hearth screen meets. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Rules axe keeps off by default that Hearth holds itself to. `label-content-name-mismatch` is WCAG
 * 2.5.3 (Label in Name): a control's accessible name starts with or contains its visible text, so a
 * member using speech input can say what they see.
 */
const EXTRA_RULES = ['label-content-name-mismatch'];

/**
 * Structure rules axe files under best practice with a moderate impact. Hearth fails on them too: a
 * screen reader user moves by landmarks and headings, so every screen has one main, nothing outside
 * a landmark, one h1 and no skipped heading level.
 */
const STRUCTURE_RULES = [
  'region',
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-unique',
  'landmark-banner-is-top-level',
  'landmark-contentinfo-is-top-level',
  'landmark-main-is-top-level',
  'page-has-heading-one',
  'heading-order',
];

const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** Every failing violation is also appended here (one JSON object a line) for the tally; emptied when a run starts (playwright.config.ts). */
export const A11Y_LOG = path.resolve('.tmp/a11y-violations.jsonl');

export interface A11yViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Waits until nothing on the page is mid-transition (a dialog popping in, a toast sliding), so the
 * contrast check sees the colours a member sees. Endless animations (spinners) are left alone.
 */
export async function waitForStillness(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** The failing violations on the page as it is now (optionally within `include`). */
export async function seriousA11yViolations(page: Page, include?: string): Promise<A11yViolation[]> {
  await waitForStillness(page);
  let builder = new AxeBuilder({ page })
    // options() replaces the builder's options, so it comes before withTags().
    .options({
      rules: Object.fromEntries([
        ...EXTRA_RULES.map((rule) => [rule, { enabled: true }]),
        // Landmarks and headings describe a whole page; a part (an open menu) is checked without them.
        ...STRUCTURE_RULES.map((rule) => [rule, { enabled: !include }]),
      ]),
    })
    .withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter(
      (violation) => FAILING_IMPACTS.has(violation.impact ?? '') || STRUCTURE_RULES.includes(violation.id),
    )
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

function describe(violations: A11yViolation[]): string {
  return violations
    .map(
      (violation) =>
        `  ${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.targets.map((target) => `    - ${target}`).join('\n'),
    )
    .join('\n');
}

/**
 * Runs axe (WCAG 2.0/2.1 A and AA, plus Label in Name and the structure rules above) on the page and
 * fails on any serious or critical violation and any structure one, naming each rule, its help text
 * and the offending nodes. The failure is soft: the journey
 * carries on to its next screen and fails at its end, so one run lists every screen's problems.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label: string,
  { include }: { include?: string } = {},
) {
  const violations = await seriousA11yViolations(page, include);
  if (violations.length > 0) {
    fs.mkdirSync(path.dirname(A11Y_LOG), { recursive: true });
    fs.appendFileSync(
      A11Y_LOG,
      violations
        .map((violation) => JSON.stringify({ label, url: page.url(), ...violation }))
        .join('\n')
        .concat('\n'),
    );
  }
  expect
    .soft(
      violations,
      `${label} (${page.url()}) has serious accessibility violations:\n${describe(violations)}`,
    )
    .toEqual([]);
}
