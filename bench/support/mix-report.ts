// The mix bench's tables: per engine, each write share's throughput against the floor and its
// RSS, the two "alone" figures, then per class count, p50/p95/p99 and non-2xx, closed and open loop.
import type { KindStats } from './generator';

/** Each write share's closed-loop run, with its floors, RSS and per-class latency. */
export interface MixRun {
  writePercent: number;
  /** `groups`: GROUPS_MIX (issue 27's group paths in the audited mix); the audited mix otherwise. */
  mix?: 'groups';
  rps: number;
  floorRps: number[];
  ratio: number;
  target: number | null;
  rss: { p50Mb: number; maxMb: number; samples: number };
  /**
   * CPU time a request, in ms, beyond what each spends idle (sampled for 3 s before the run): Hearth's
   * process, and PostgreSQL's processes (null on PGlite, whose database runs on a thread of Hearth's
   * process). Backends that end mid-run take their time along.
   */
  /** CPU time a request: Hearth's process all told, and beyond idle; PostgreSQL's beyond idle. */
  cpuMsPerRequest?: { appAll?: number; app: number; database: number | null };
  requests: number;
  s5xx: number;
  errors: number;
  byKind: Record<string, KindStats>;
  /** Each kind of kept read's share served without the database during the run. */
  keptReads?: { kind: string; reads: number; rate: number }[];
  /** At the run's end: the kept answers and the main thread's V8 heap, from /metrics (MB). */
  held?: { keptEntries: number; keptMb: number; heapUsedMb: number; heapTotalMb: number; externalMb: number };
}

/** One engine's figures, as printed and written to bench/results/. */
export interface MixEngineResult {
  engine: 'pglite' | 'postgres';
  posts: number;
  members: number;
  seed: { rows: Record<string, number>; seconds: number };
  floorRps: number[];
  runs: MixRun[];
  alone: Array<{
    name: string;
    rps: number;
    ratio: number;
    target: number;
    byKind: Record<string, KindStats>;
    s5xx: number;
  }>;
  fifthWord: { word: string; share: number };
  openLoop: {
    rate: number;
    achievedRps: number;
    maxSendLagMs: number | undefined;
    s5xx: number;
    errors: number;
    rss: { p50Mb: number; maxMb: number; samples: number };
    byKind: Record<string, KindStats>;
  };
  rssTargetMb: number;
}

export function printTable(result: MixEngineResult, options: { duration: number; openLoopP99Ms: number }) {
  const cell = (value: number | null | undefined) =>
    value === null || value === undefined ? '-' : String(value);
  const table = (rows: string[][]) => {
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const row of rows)
      console.log(
        `  ${row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`,
      );
  };
  const meets = (value: number, target: number | null, atMost = false) =>
    target === null ? '' : (atMost ? value <= target : value >= target) ? 'met' : 'missed';
  console.log(
    `\n${result.engine}, ${result.posts.toLocaleString('en')} posts, ${result.members} members, ${options.duration} s per run; floor runs ${result.floorRps.map((f) => f.toFixed(0)).join(' / ')} req/s`,
  );
  table([
    [
      'writes',
      'req/s',
      'ratio',
      'target',
      '',
      'CPU ms/req: app all (beyond idle), db',
      'RSS p50 MB',
      'RSS max MB',
      `<= ${result.rssTargetMb}`,
      '5xx',
    ],
    ...result.runs.map((r) => [
      runName(r),
      r.rps.toFixed(0),
      r.ratio.toFixed(3),
      r.target === null ? '-' : `>= ${r.target}`,
      meets(r.ratio, r.target),
      r.cpuMsPerRequest
        ? `${r.cpuMsPerRequest.appAll?.toFixed(2) ?? '-'} (${r.cpuMsPerRequest.app.toFixed(2)})${r.cpuMsPerRequest.database === null ? '' : `, ${r.cpuMsPerRequest.database.toFixed(2)}`}`
        : '-',
      String(r.rss.p50Mb),
      String(r.rss.maxMb),
      meets(r.rss.maxMb, result.rssTargetMb, true),
      String(r.s5xx + r.errors),
    ]),
    ...result.alone.map((a) => [
      a.name,
      a.rps.toFixed(0),
      a.ratio.toFixed(3),
      `>= ${a.target}`,
      meets(a.ratio, a.target),
      '',
      '',
      '',
      '',
      String(a.s5xx),
    ]),
  ]);
  for (const run of result.runs) {
    const mix = run.mix === 'groups' ? ' with the group paths' : '';
    console.log(
      `\n  ${run.writePercent} % writes${mix}, per class (closed loop, as fast as the app answers)`,
    );
    table(kindRows(run.byKind, cell));
  }
  const open = result.openLoop;
  console.log(
    `\n  open loop at ${open.rate} ops/s (achieved ${open.achievedRps.toFixed(1)}; the sender was at worst ${open.maxSendLagMs} ms late), latency from each operation's due time; p99 target <= ${options.openLoopP99Ms} ms; RSS p50 ${open.rss.p50Mb} MB max ${open.rss.maxMb} MB`,
  );
  table(
    kindRows(open.byKind, cell).map((row, i) =>
      i === 0 ? [...row, ''] : [...row, meets(Number(row[4]), options.openLoopP99Ms, true)],
    ),
  );
}

function kindRows(byKind: Record<string, KindStats>, cell: (v: number | null | undefined) => string) {
  return [
    ['class', 'count', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx'],
    ...Object.entries(byKind).map(([kind, k]) => [
      kind,
      String(k.requests),
      cell(k.p50),
      cell(k.p95),
      cell(k.p99),
      String(
        Object.entries(k.byStatus)
          .filter(([code]) => !code.startsWith('2'))
          .reduce((sum, [, n]) => sum + n, 0),
      ),
    ]),
  ];
}

/** "16 %", or "16 % groups" for the run of GROUPS_MIX (the table's first column). */
function runName(run: MixRun): string {
  return run.mix === 'groups' ? `${run.writePercent} % groups` : `${run.writePercent} %`;
}
