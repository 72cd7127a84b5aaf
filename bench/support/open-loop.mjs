// The open-loop load generator of the mix bench, run as its own `node` process. It reads one JSON
// job from argv: `url`, `rate` (operations per second), `duration` (s) and `clients` (one request
// list per member, as load.mjs takes them). Operation i is due at start + i / rate and goes to
// member i % clients.length, that member's next request; it is sent when due whatever the earlier
// ones are doing (a keep-alive pool with room for every request in flight), and its latency runs
// from when it was DUE, not when it left: a server that falls behind shows as latency instead of
// as fewer requests sent (autocannon's `overallRate` keeps one request in flight per connection
// and times from the send, a closed loop that hides this).
//
// The result is one JSON line: requests, rps, byStatus, s5xx, errors, how late the sender itself
// was at the worst (its own lag, for an honest reading), and per kind the counts by status and
// p50/p95/p99 of the latency from the due time.
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { latencySummary } from './latency.mjs';

// A job too long for one argument (a request list per member) comes as `@file`.
const job = JSON.parse(
  process.argv[2].startsWith('@') ? fs.readFileSync(process.argv[2].slice(1), 'utf8') : process.argv[2],
);
const target = new URL(job.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
const byKind = {};
const byStatus = {};
let errors = 0;
/** Failed requests by error code (ECONNRESET: the app closed the connection, e.g. its idle timeout). */
const errorCodes = {};
let maxSendLagMs = 0;
let counter = 0;
const positions = job.clients.map(() => 0);

function send(request, dueAt) {
  const kind = request.kind ?? `${request.method} ${request.path}`;
  const stats = (byKind[kind] ??= { requests: 0, byStatus: {}, samples: [] });
  counter += 1;
  const fill = (text) => text.replaceAll('{n}', `${process.pid}-${counter}`);
  const body = request.body === undefined ? undefined : fill(request.body);
  return new Promise((resolve) => {
    const done = (status) => {
      stats.requests += 1;
      stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      stats.samples.push(performance.now() - dueAt);
      resolve();
    };
    const outgoing = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: fill(request.path),
        headers: {
          ...request.headers,
          ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => done(response.statusCode));
      },
    );
    outgoing.on('error', (error) => {
      errors += 1;
      const code = error.code ?? error.message;
      errorCodes[code] = (errorCodes[code] ?? 0) + 1;
      done('error');
    });
    outgoing.end(body);
  });
}

const total = Math.round(job.rate * job.duration);
const interval = 1000 / job.rate;
const startedAt = performance.now() + 50;
const inFlight = [];
let next = 0;
await new Promise((resolve) => {
  // Sends everything due by now, then sleeps until the next is due; a late wake-up sends the
  // backlog at once, each still timed from its own due time.
  const tick = () => {
    const now = performance.now();
    while (next < total && startedAt + next * interval <= now) {
      const dueAt = startedAt + next * interval;
      maxSendLagMs = Math.max(maxSendLagMs, now - dueAt);
      const member = next % job.clients.length;
      const list = job.clients[member];
      inFlight.push(send(list[positions[member]++ % list.length], dueAt));
      next += 1;
    }
    if (next >= total) return resolve();
    setTimeout(tick, Math.max(0, startedAt + next * interval - performance.now()));
  };
  setTimeout(tick, 50);
});
await Promise.all(inFlight);
const seconds = (performance.now() - startedAt) / 1000;
agent.destroy();
process.stdout.write(
  `${JSON.stringify({
    requests: total,
    rps: total / seconds,
    byStatus,
    s5xx: Object.entries(byStatus)
      .filter(([code]) => code.startsWith('5'))
      .reduce((sum, [, n]) => sum + n, 0),
    errors,
    errorCodes,
    maxSendLagMs: Math.round(maxSendLagMs),
    byKind: Object.fromEntries(
      Object.entries(byKind).map(([kind, s]) => [
        kind,
        { requests: s.requests, byStatus: s.byStatus, ...latencySummary(s.samples) },
      ]),
    ),
  })}\n`,
);
