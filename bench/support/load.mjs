// The load generator of the `http` and `soak` benches, run as its own `node` process so that sending
// requests never competes with Hearth's event loop. It reads one JSON job from argv and runs
// autocannon: `connections` for `duration` seconds, at `rate` requests/s overall when given (else as
// fast as the app answers). A job's requests cycle on every connection; `{n}` in a path or body
// becomes a counter unique to this process, so every link submitted is a new URL.
//
// With `clients` (a list of request lists) instead of one `requests`, connection k cycles
// `clients[k % clients.length]`: the mix bench gives each connection its own member, with that
// member's cookie and writes, so 30 connections are 30 members.
//
// The result is one JSON object: totals and latency, counts by status, and for each kind of request
// (its `kind`, else "METHOD path") how many were answered with which status and how long they took
// (mean, max, p50/p95/p99 from every answer's latency), so a slow or refused kind shows in the mix. A request with `records: 'post' | 'comment' | 'link'`
// adds the id of every write the app acknowledged (2xx) to `acknowledged[records]` (null when the
// answer had no id), for the soak to read back. It goes to the file `out` when given, else to
// stdout as one line.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { latencySummary } from './latency.mjs';

// A job too long for one argument (a request list per member) comes as `@file`.
const job = JSON.parse(
  process.argv[2].startsWith('@') ? fs.readFileSync(process.argv[2].slice(1), 'utf8') : process.argv[2],
);
let counter = 0;
const acknowledged = { post: [], comment: [], link: [] };
const byKind = {};
// Answers per second of the run (index 0 = the first second), to tell a cold start from a steady state.
const startedAt = performance.now();
const perSecond = [];

/** The autocannon request for one request of the job, counting its answers under its kind. */
function prepare(request) {
  const kind = request.kind ?? `${request.method} ${request.path}`;
  const stats = (byKind[kind] ??= { requests: 0, byStatus: {}, totalMs: 0, maxMs: 0, samples: [] });
  return {
    method: request.method,
    path: request.path,
    headers: request.headers,
    // Built just before it is written to the connection (one request in flight per connection).
    setupRequest(req, context) {
      counter += 1;
      context.sentAt = performance.now();
      const fill = (text) => text.replaceAll('{n}', `${process.pid}-${counter}`);
      return {
        ...req,
        path: fill(request.path),
        ...(request.body === undefined ? {} : { body: fill(request.body) }),
      };
    },
    onResponse(status, body, context) {
      const second = Math.floor((performance.now() - startedAt) / 1000);
      perSecond[second] = (perSecond[second] ?? 0) + 1;
      stats.requests += 1;
      stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
      if (typeof context.sentAt === 'number') {
        const ms = performance.now() - context.sentAt;
        stats.totalMs += ms;
        stats.maxMs = Math.max(stats.maxMs, ms);
        stats.samples.push(ms);
      }
      if (!request.records || status < 200 || status >= 300) return;
      let id = null;
      try {
        id = JSON.parse(body).id;
      } catch {
        // Not JSON: counted as acknowledged without an id.
      }
      acknowledged[request.records].push(typeof id === 'string' ? id : null);
    },
  };
}

const clients = job.clients?.map((list) => list.map(prepare));
const requests = clients ? clients[0] : job.requests.map(prepare);
let clientsSetUp = 0;

const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.duration,
  ...(job.rate ? { overallRate: job.rate } : {}),
  requests,
  ...(clients
    ? {
        setupClient(client) {
          client.setRequests(clients[clientsSetUp++ % clients.length]);
        },
      }
    : {}),
});
const byStatus = Object.fromEntries(
  Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
);
const output = JSON.stringify({
  requests: result.requests.total,
  rps: result.requests.total / (result.duration || job.duration),
  p50: result.latency.p50,
  p90: result.latency.p90,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  byStatus,
  s2xx: result['2xx'],
  s4xx: result['4xx'],
  s5xx: result['5xx'],
  errors: result.errors,
  timeouts: result.timeouts,
  perSecond: Array.from(perSecond, (n) => n ?? 0),
  byKind: Object.fromEntries(
    Object.entries(byKind).map(([kind, s]) => [
      kind,
      {
        requests: s.requests,
        byStatus: s.byStatus,
        meanMs: s.requests ? Math.round(s.totalMs / s.requests) : null,
        maxMs: Math.round(s.maxMs),
        ...latencySummary(s.samples),
      },
    ]),
  ),
  ...((job.clients ?? [job.requests]).flat().some((request) => request.records) ? { acknowledged } : {}),
});
if (job.out) fs.writeFileSync(job.out, output);
else process.stdout.write(`${output}\n`);
