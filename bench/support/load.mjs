// The load generator of the `http` bench, run as its own `node` process so that sending requests
// never competes with Hearth's event loop: reads one JSON job from argv, runs autocannon, prints
// one JSON line of results. A job's requests cycle; `{n}` in a path or body becomes a counter
// (unique per request), so every link submitted is a new URL.
import autocannon from 'autocannon';

const job = JSON.parse(process.argv[2]);
let counter = 0;
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
}));

const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.duration,
  requests,
});
process.stdout.write(
  `${JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.total / (result.duration || job.duration),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  })}\n`,
);
