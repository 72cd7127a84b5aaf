// The soak's load generator, its own `node` process (never Hearth's): reads one JSON job from argv,
// runs autocannon (at `rate` requests/s overall when given, else as fast as the app answers), and
// writes one JSON result to `job.out`: counts by status, latency, and the ids of every write the app
// acknowledged (2xx), so the soak can read each one back afterwards. `{n}` in a path or body becomes
// a counter unique to this process.
import fs from 'node:fs';
import autocannon from 'autocannon';

const job = JSON.parse(process.argv[2]);
let counter = 0;
const acknowledged = { post: [], comment: [], link: [] };
const requests = job.requests.map((request) => ({
  method: request.method,
  path: request.path,
  headers: request.headers,
  setupRequest(req) {
    counter += 1;
    const fill = (text) => text.replaceAll('{n}', `${process.pid}-${counter}`);
    return {
      ...req,
      path: fill(request.path),
      ...(request.body === undefined ? {} : { body: fill(request.body) }),
    };
  },
  ...(request.records
    ? {
        onResponse(status, body) {
          if (status < 200 || status >= 300) return;
          try {
            const id = JSON.parse(body).id;
            if (typeof id === 'string') acknowledged[request.records].push(id);
          } catch {
            acknowledged[request.records].push(null);
          }
        },
      }
    : {}),
}));

const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.duration,
  ...(job.rate ? { overallRate: job.rate } : {}),
  requests,
});
const byStatus = Object.fromEntries(
  Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
);
fs.writeFileSync(
  job.out,
  JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.total / (result.duration || job.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    byStatus,
    s2xx: result['2xx'],
    s4xx: result['4xx'],
    s5xx: result['5xx'],
    errors: result.errors,
    timeouts: result.timeouts,
    acknowledged,
  }),
);
