// `npx tsx bench/link-extract.ts`: which DOM should Readability run on? Times linkedom and jsdom on
// the link pipeline's fixture pages (parse + Readability + Markdown) and measures the memory each
// takes. Every DOM × page runs in its own child process so memory figures do not mix.
// Figures go to stdout and bench/results/link-extract.json.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readability } from '@mozilla/readability';
import { JSDOM } from 'jsdom';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { extractPage } from '../server/features/links/pipeline/extract';
import {
  FIXTURE_PAGES,
  hugePage,
  readFixture,
} from '../server/features/links/pipeline/fixtures/fixture-server';

/** linkedom and jsdom on the whole page; `hearth` is extractPage as shipped (linkedom, scripts out, 512 KB cap). */
const DOMS = ['linkedom', 'jsdom', 'hearth'] as const;
type Dom = (typeof DOMS)[number];
const PAGE_URL = 'https://bench.example/articles/page';

const PAGES: Record<string, () => string> = {
  'article (en)': () => readFixture(FIXTURE_PAGES.bees),
  'article (fr)': () => readFixture(FIXTURE_PAGES.rivieres),
  phishing: () => readFixture(FIXTURE_PAGES.phishing),
  '100 KB article': () => hugePage(100 * 1024),
  '1 MB page': () => hugePage(1024 * 1024),
  '5 MB page (the cap)': () => hugePage(5 * 1024 * 1024),
};

function documentFor(dom: Exclude<Dom, 'hearth'>, html: string): Document {
  if (dom === 'jsdom') return new JSDOM(html, { url: PAGE_URL }).window.document;
  const { document } = parseHTML(html);
  const base = document.createElement('base');
  base.setAttribute('href', PAGE_URL);
  document.head?.prepend(base);
  return document as unknown as Document;
}

function extractOnce(dom: Dom, html: string): number {
  if (dom === 'hearth') return extractPage(html, PAGE_URL, 'text/html').markdown.length;
  const document = documentFor(dom, html);
  const article = new Readability(document).parse();
  return new TurndownService().turndown(article?.content ?? '').length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Child: one DOM on one page; prints {ms, peakHeapMb, rssMb}. */
function child(dom: Dom, pageName: string) {
  const html = PAGES[pageName]!();
  const rounds = html.length > 2_000_000 ? 3 : html.length > 500_000 ? 5 : 20;
  const gc = (globalThis as { gc?: () => void }).gc!;
  extractOnce(dom, html); // warm-up (JIT, lazy module parts)
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakHeap = 0;
  const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 5);
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    extractOnce(dom, html);
    times.push(performance.now() - started);
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }
  clearInterval(sampler);
  console.log(
    JSON.stringify({
      ms: median(times),
      heapMb: (peakHeap - heapBefore) / 1024 / 1024,
      rssMb: process.memoryUsage().rss / 1024 / 1024,
      htmlKb: html.length / 1024,
      rounds,
    }),
  );
}

function main() {
  const results: Array<Record<string, unknown>> = [];
  console.log('page                  | html KB | DOM      | median ms | heap peak MB | RSS MB');
  for (const pageName of Object.keys(PAGES)) {
    for (const dom of DOMS) {
      const output = execFileSync(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', import.meta.filename, '--child', dom, pageName],
        { encoding: 'utf8', maxBuffer: 1024 * 1024 },
      );
      const figures = JSON.parse(output.trim().split('\n').pop()!) as Record<string, number>;
      results.push({ page: pageName, dom, ...figures });
      console.log(
        `${pageName.padEnd(21)} | ${figures.htmlKb!.toFixed(0).padStart(7)} | ${dom.padEnd(8)} | ${figures.ms!.toFixed(1).padStart(9)} | ${figures.heapMb!.toFixed(1).padStart(12)} | ${figures.rssMb!.toFixed(0).padStart(6)}`,
      );
    }
  }
  const out = path.join(import.meta.dirname, 'results', 'link-extract.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ node: process.version, results }, null, 2)}\n`);
}

const childIndex = process.argv.indexOf('--child');
if (childIndex >= 0) child(process.argv[childIndex + 1] as Dom, process.argv[childIndex + 2]!);
else main();
