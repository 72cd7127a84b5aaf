// Link ready time: from `POST /api/links` to a `sentence_summary` on `GET /api/links/{id}`, for a
// ~100 KB article served by a local HTTP server, against a bare fetch() of the same page in the
// same run. Skips (with a message) when the server has no links API yet. Hearth must be allowed to
// fetch from loopback for this: LINK_FETCH_ALLOW_LOOPBACK=true is passed to it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/db/client';
import { FILLER } from './search-relevance/material/filler';
import { percentile } from './search-relevance/metrics';
import { insertMember, signedInClient, startBenchHearth, writeResult } from './support/hearth';

const ROUNDS = Number(process.env.BENCH_LINK_ROUNDS ?? 20);
const TIMEOUT_MS = Number(process.env.BENCH_LINK_TIMEOUT_MS ?? 60_000);
const POLL_MS = 25;
const PAGE_BYTES = 100 * 1024;

/** A long, plain article page of about 100 KB: headline, byline, sections of paragraphs, boilerplate. */
export function articlePage(round: number): string {
  const sentences = FILLER.flatMap((domain) => domain.sentences).map((s) =>
    s.replace(/\{\w+\}/g, 'Saturday'),
  );
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>A year in the life of a village club (part ${round})</title>
<meta property="og:site_name" content="Bench Gazette"></head><body>
<header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a> <a href="/about">About</a></nav></header>
<main><article><h1>A year in the life of a village club (part ${round})</h1>
<p class="byline">By the Bench Gazette community desk</p>`;
  const tail = `</article></main><footer><p>Bench Gazette is written by volunteers.</p></footer></body></html>`;
  let body = '';
  for (let section = 0, i = round; head.length + body.length + tail.length < PAGE_BYTES; section++) {
    body += `<h2>Part ${section + 1}: ${FILLER[section % FILLER.length]!.domain}</h2>\n`;
    for (let p = 0; p < 4; p++) {
      const paragraph = Array.from({ length: 5 }, () => sentences[(i = (i * 7919 + 13) % sentences.length)]!);
      body += `<p>${paragraph.join(' ')}</p>\n`;
    }
  }
  return head + body + tail;
}

async function serveArticles(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const match = /^\/articles\/(\d+)$/.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(articlePage(Number(match[1])));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface LinkBody {
  sentence_summary?: string | null;
  status?: string;
  error?: string | null;
}

export async function runLinkReady() {
  const pages = await serveArticles();
  const bench = await startBenchHearth({
    // The loopback switch is refused in production, so this one suite runs as NODE_ENV=test.
    env: { LINK_FETCH_ALLOW_LOOPBACK: 'true', NODE_ENV: 'test' },
  });
  try {
    const owner = await signedInClient(bench, await insertMember(bench.db, 'owner'));
    const pageBytes = Buffer.byteLength(articlePage(0));
    console.log(`Link ready time: ${ROUNDS} links to a ${(pageBytes / 1024).toFixed(0)} KB local article`);

    // The first link is a probe (is there a links API?) and a warm-up; it is not counted.
    const probe = await addLink(owner, `${pages.origin}/articles/0`);
    if (probe.status === 404) {
      const message = 'skipped: POST /api/links answered 404 (no links API on this build yet)';
      console.log(`  ${message}`);
      return writeResult('link-ready', { date: new Date().toISOString(), skipped: true, reason: message });
    }
    const warmUp = await untilSummarised(owner, bench.db, created(probe), probe.started);
    console.log(`  warm-up link: ${'ms' in warmUp ? `${warmUp.ms.toFixed(0)} ms` : warmUp.failure}`);

    const bare: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const started = performance.now();
      const response = await fetch(`${pages.origin}/articles/${round}`);
      await response.arrayBuffer();
      bare.push(performance.now() - started);
    }

    const ready: number[] = [];
    const failures: Array<{ round: number; reason: string }> = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const outcome = await timeOneLink(owner, bench.db, `${pages.origin}/articles/${round}`);
      if ('ms' in outcome) ready.push(outcome.ms);
      else failures.push({ round, reason: outcome.failure });
      if (failures.length >= 3 && ready.length === 0) {
        console.log('  three links in a row never got a summary: stopping early');
        break;
      }
    }

    const stats = (values: number[]) =>
      values.length === 0
        ? null
        : { p50: percentile(values, 50), p95: percentile(values, 95), max: Math.max(...values) };
    const linkStats = stats(ready);
    const fetchStats = stats(bare)!;
    const result = {
      date: new Date().toISOString(),
      rounds: ROUNDS,
      page_bytes: pageBytes,
      database: bench.hearth.context.database.kind,
      link_ready_ms: linkStats,
      bare_fetch_ms: fetchStats,
      ratio_p50: linkStats ? linkStats.p50 / fetchStats.p50 : null,
      ratio_p95: linkStats ? linkStats.p95 / fetchStats.p95 : null,
      failures,
      node: process.version,
    };
    if (linkStats) {
      console.log(
        `  ready:      p50 ${linkStats.p50.toFixed(0)} ms, p95 ${linkStats.p95.toFixed(0)} ms (${ready.length} links)`,
      );
    }
    console.log(`  bare fetch: p50 ${fetchStats.p50.toFixed(1)} ms, p95 ${fetchStats.p95.toFixed(1)} ms`);
    if (result.ratio_p50 !== null) {
      console.log(
        `  ratio to a bare fetch: p50 ${result.ratio_p50.toFixed(0)}x, p95 ${result.ratio_p95!.toFixed(0)}x`,
      );
    }
    for (const failure of failures) console.log(`  link ${failure.round} failed: ${failure.reason}`);
    console.log(`  written to ${writeResult('link-ready', result)}`);
    return result;
  } finally {
    await bench.stop();
    await pages.close();
  }
}

type Client = Awaited<ReturnType<typeof signedInClient>>;
type Db = Awaited<ReturnType<typeof startBenchHearth>>['db'];

async function addLink(owner: Client, url: string) {
  const started = performance.now();
  const response = await owner.request<{ id?: string }>('POST', '/api/links', {
    url,
    comment: null,
    visibility: 'private',
  });
  return { ...response, started };
}

/** The new link's id, or why there is none. */
function created(response: Awaited<ReturnType<typeof addLink>>): string | { failure: string } {
  if (response.status !== 201 && response.status !== 200) {
    return { failure: `POST /api/links answered ${response.status}: ${JSON.stringify(response.body)}` };
  }
  return response.body.id ?? { failure: `POST /api/links gave no id: ${JSON.stringify(response.body)}` };
}

/** Adds one link and waits for its one-sentence summary. */
async function timeOneLink(owner: Client, db: Db, url: string) {
  const response = await addLink(owner, url);
  return untilSummarised(owner, db, created(response), response.started);
}

/** Polls a link until it has a one-sentence summary, fails, or the deadline passes. */
async function untilSummarised(
  owner: Client,
  db: Db,
  id: string | { failure: string },
  started: number,
): Promise<{ ms: number } | { failure: string }> {
  if (typeof id !== 'string') return id;
  let readySince: number | undefined;
  for (;;) {
    // The Link fields of the spec carry no failure; the pipeline records one on the row. Read the
    // row first: a row already ready or failed then has its summary in the GET that follows.
    const [row] = rowsOf<{ status: string; step: string | null; error: string | null }>(
      await db.execute(sql`select status, step, error from links where id = ${id}`),
    );
    const link = await owner.request<LinkBody>('GET', `/api/links/${id}`);
    if (link.status !== 200) return { failure: `GET /api/links/${id} answered ${link.status}` };
    if (link.body.sentence_summary) return { ms: performance.now() - started };
    if (link.body.status === 'failed' || row?.status === 'failed') {
      return {
        failure: `failed at ${row?.step ?? '?'}: ${row?.error ?? link.body.error ?? 'no error recorded'}`,
      };
    }
    // "ready" with no summary for a few seconds: the pipeline finished without writing one.
    if (row?.status === 'ready') readySince ??= performance.now();
    if (readySince !== undefined && performance.now() - readySince > 5000) {
      return { failure: 'ready without a sentence_summary' };
    }
    if (performance.now() - started > TIMEOUT_MS) {
      return {
        failure: `no summary after ${TIMEOUT_MS / 1000} s (status ${row?.status}, step ${row?.step})`,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
