// `npm run bench [-- suite…]`: runs the named suites in order, or all of them. Suites:
// mix (the headline: issue 26's mixed load), timeline, http, search-quality, search-latency,
// link-ready, photo-post, inbound-mail, push-fanout, conversations, frontend, lighthouse (BENCH_SUITES=a,b works too).
// Each starts its own Hearth on a fresh embedded database; figures go to stdout and bench/results/.
import { runConversations } from './conversations';
import { runFrontend } from './frontend';
import { runHttp } from './http';
import { runInboundMail } from './inbound-mail';
import { runLighthouse } from './lighthouse';
import { runLinkReady } from './link-ready';
import { runMix } from './mix';
import { runPhotoPost } from './photo-post';
import { runPushFanout } from './push-fanout';
import { runSearchLatency } from './search-latency';
import { runSearchQuality } from './search-quality';
import { runTimeline } from './timeline';

const SUITES: Record<string, () => Promise<unknown>> = {
  mix: runMix,
  timeline: runTimeline,
  http: runHttp,
  'search-quality': runSearchQuality,
  'search-latency': runSearchLatency,
  'link-ready': runLinkReady,
  'photo-post': runPhotoPost,
  'inbound-mail': runInboundMail,
  'push-fanout': runPushFanout,
  conversations: runConversations,
  frontend: runFrontend,
  lighthouse: runLighthouse,
};

const requested = [
  ...process.argv.slice(2),
  ...(process.env.BENCH_SUITES ?? '').split(',').filter((name) => name.trim() !== ''),
].map((name) => name.trim());
const unknown = requested.filter((name) => !(name in SUITES));
if (unknown.length > 0) {
  console.error(`Unknown suite: ${unknown.join(', ')}. Suites: ${Object.keys(SUITES).join(', ')}.`);
  process.exit(2);
}

for (const name of requested.length > 0 ? requested : Object.keys(SUITES)) {
  const started = performance.now();
  console.log(`\n== ${name} ==`);
  await SUITES[name]!();
  console.log(`(${name} took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
