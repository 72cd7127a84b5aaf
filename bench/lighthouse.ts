// The `lighthouse` suite: Lighthouse 12 (Node API) in Debian Chromium, started by chrome-launcher,
// scores performance and accessibility of the public feed and a published post (signed out) and of
// the timeline and a post page with a grid of six photos (signed in: the session cookie goes in
// `extraHeaders`; issue 28's largest paint with a photo grid), against issue 11's >= 95.
// Both of Lighthouse's presets, one after the other on the same app: its default run (mobile form
// factor, simulated throttling) and its desktop settings. BENCH_LIGHTHOUSE_PRESET=mobile (or desktop)
// runs one of them only; BENCH_LIGHTHOUSE_PAGES (page names, comma-separated, e.g. `post with photos`)
// audits only those pages. Each page is audited BENCH_LIGHTHOUSE_RUNS times (3 unless set) and the
// median run reported, chosen as Lighthouse's own tooling chooses it (`computeMedianRun`: closest to
// the median FCP and time to interactive); one run on a shared machine swings by several points.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  ROOT,
  photoGridPost,
  publishedPost,
  startBuiltApp,
  waitForIdleWorker,
} from './support/built-app';
import { mergeResult } from './support/hearth';

const TARGET = 95;
const RUNS = auditRuns(process.env.BENCH_LIGHTHOUSE_RUNS);
const CATEGORIES = ['performance', 'accessibility'] as const;

interface PageScores {
  page: string;
  path: string;
  signedIn: boolean;
  finalUrl: string;
  /** The median run's scores. */
  scores: Record<string, number | null>;
  /** Every run's performance score, in the order they ran. */
  performanceRuns: Array<number | null>;
  metrics: Record<string, string>;
  /** Where a score is below the target: the audits that cost most, best saving first. */
  opportunities: Array<{ id: string; title: string; savingsMs: number | null; display: string }>;
  failedAccessibility: Array<{ id: string; title: string }>;
}

export async function runLighthouse() {
  const app = await startBuiltApp();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'],
  });
  const presets = lighthousePresets(process.env.BENCH_LIGHTHOUSE_PRESET);
  try {
    const postPath = await publishedPost(app);
    const gridPath = await photoGridPost(app);
    // The worker reads each new photo (its text, its objects) for seconds on end; audited meanwhile,
    // the page's main thread would share the machine's two cores with it.
    await waitForIdleWorker(app);
    const pages = lighthousePages(process.env.BENCH_LIGHTHOUSE_PAGES, [
      { page: 'public feed', path: '/', signedIn: false },
      { page: 'public post', path: postPath, signedIn: false },
      { page: 'timeline', path: '/dashboard', signedIn: true },
      { page: 'post with photos', path: gridPath, signedIn: true },
    ]);
    const runs: Array<{ preset: Preset; pages: PageScores[] }> = [];
    for (const preset of presets) {
      console.log(`  ${preset} preset:`);
      runs.push({ preset, pages: await scorePages(app, chrome.port, pages, preset) });
    }
    for (const run of runs) printReport(run.pages, run.preset);
    // `preset` and `pages`: the first run (mobile unless only desktop ran), as before; `runs`: all.
    const file = mergeResult('latest', 'lighthouse', {
      date: new Date().toISOString(),
      loadAverage: os.loadavg(),
      lighthouse: '12.2.3',
      preset: runs[0]!.preset,
      target: TARGET,
      auditsPerPage: RUNS,
      pages: runs[0]!.pages,
      runs,
    });
    console.log(`\nWrote ${path.relative(ROOT, file)}`);
  } finally {
    chrome.kill();
    await app.stop();
  }
}

type Preset = 'mobile' | 'desktop';

/** How many times each page is audited: a whole number from 1 to 15. */
export function auditRuns(setting: string | undefined): number {
  const runs = Number(setting ?? 3);
  if (!Number.isInteger(runs) || runs < 1 || runs > 15)
    throw new Error(`BENCH_LIGHTHOUSE_RUNS: a whole number from 1 to 15, not ${setting}`);
  return runs;
}

/** `mobile`, `desktop` or both (the default, also for `mobile,desktop`), mobile first. */
export function lighthousePresets(setting: string | undefined): Preset[] {
  const asked = (setting ?? 'mobile,desktop').split(',').map((value) => value.trim());
  const presets = (['mobile', 'desktop'] as const).filter((preset) => asked.includes(preset));
  if (presets.length === 0)
    throw new Error(`BENCH_LIGHTHOUSE_PRESET: mobile, desktop or both, not ${setting}`);
  return presets;
}

/** The pages named (comma-separated), in the suite's order; every page unless set. */
export function lighthousePages<Page extends { page: string }>(
  setting: string | undefined,
  pages: Page[],
): Page[] {
  if (setting === undefined) return pages;
  const asked = setting.split(',').map((name) => name.trim());
  const unknown = asked.filter((name) => !pages.some((page) => page.page === name));
  if (unknown.length > 0 || asked.length === 0)
    throw new Error(
      `BENCH_LIGHTHOUSE_PAGES: names among ${pages.map((page) => page.page).join(', ')}, not ${unknown.join(', ')}`,
    );
  return pages.filter((page) => asked.includes(page.page));
}

async function scorePages(
  app: Awaited<ReturnType<typeof startBuiltApp>>,
  port: number,
  pages: Array<{ page: string; path: string; signedIn: boolean }>,
  preset: Preset,
): Promise<PageScores[]> {
  const results: PageScores[] = [];
  for (const target of pages) {
    const flags: Flags = {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(target.signedIn ? { extraHeaders: { cookie: app.cookie } } : {}),
    };
    const lhrs = [];
    for (let run = 0; run < RUNS; run++)
      lhrs.push(await auditOnce(`${app.base}${target.path}`, flags, preset));
    const lhr = computeMedianRun(lhrs) as (typeof lhrs)[number];
    const performanceScore = (report: typeof lhr) => {
      const score = report.categories.performance?.score;
      return score == null ? null : Math.round(score * 100);
    };
    const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
    if (reports) {
      // The whole report (long tasks, the main thread's breakdown, request chains), to read why.
      fs.mkdirSync(reports, { recursive: true });
      const name = `${preset}-${target.page.replaceAll(' ', '-')}.json`;
      fs.writeFileSync(path.join(reports, name), JSON.stringify(lhr, null, 1));
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [
        c,
        lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c]!.score! * 100),
      ]),
    );
    const audit = (id: string) => lhr.audits[id]?.displayValue ?? '-';
    const opportunities = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.details?.type === 'opportunity')
      .map((a) => ({
        id: a.id,
        title: a.title,
        savingsMs: (a.metricSavings?.LCP ?? a.metricSavings?.FCP ?? null) as number | null,
        display: a.displayValue ?? '',
      }))
      .sort((a, b) => (b.savingsMs ?? 0) - (a.savingsMs ?? 0));
    const failedAccessibility = (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ({ id: ref.id, title: lhr.audits[ref.id]!.title }));
    results.push({
      ...target,
      finalUrl: lhr.finalDisplayedUrl,
      scores,
      performanceRuns: lhrs.map(performanceScore),
      metrics: {
        FCP: audit('first-contentful-paint'),
        LCP: audit('largest-contentful-paint'),
        TBT: audit('total-blocking-time'),
        CLS: audit('cumulative-layout-shift'),
        SI: audit('speed-index'),
      },
      opportunities,
      failedAccessibility,
    });
    console.log(
      `    ${target.page}: performance ${scores.performance} (runs ${lhrs.map(performanceScore).join(' ')}), accessibility ${scores.accessibility}`,
    );
  }
  return results;
}

/** Lighthouse's own trace recording sometimes fails (NO_NAVSTART); such a page is audited again, once. */
async function auditOnce(url: string, flags: Flags, preset: Preset) {
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = run;
    if (!lhr.runtimeError) return lhr;
    if (attempt === 2) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    console.warn(`    ${url}: ${lhr.runtimeError.code}, audited again`);
  }
}

function printReport(results: PageScores[], preset: string) {
  console.log(
    `\nLighthouse 12.2.3, ${preset} preset, median of ${RUNS} run${RUNS === 1 ? '' : 's'}, target >= ${TARGET} for both\n`,
  );
  const lines = [
    ['page', 'performance', 'runs', 'accessibility', 'FCP', 'LCP', 'TBT', 'CLS', ''],
    ...results.map((r) => [
      `${r.page} (${r.path})`,
      String(r.scores.performance),
      r.performanceRuns.join(' '),
      String(r.scores.accessibility),
      r.metrics.FCP!,
      r.metrics.LCP!,
      r.metrics.TBT!,
      r.metrics.CLS!,
      CATEGORIES.every((c) => (r.scores[c] ?? 0) >= TARGET) ? 'met' : 'missed',
    ]),
  ];
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const line of lines)
    console.log(
      line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
    );
  for (const r of results) {
    if ((r.scores.performance ?? 0) < TARGET && r.opportunities.length > 0) {
      console.log(`\n${r.page}, performance opportunities:`);
      for (const o of r.opportunities.slice(0, 5))
        console.log(
          `  ${o.title}${o.display ? ` (${o.display})` : ''}${o.savingsMs ? `, ~${Math.round(o.savingsMs)} ms` : ''}`,
        );
    }
    if (r.failedAccessibility.length > 0) {
      console.log(`\n${r.page}, failed accessibility audits:`);
      for (const a of r.failedAccessibility) console.log(`  ${a.id}: ${a.title}`);
    }
  }
}
