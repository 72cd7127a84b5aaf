import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = '.tmp/e2e-data';
/** The e2e server's log (JSON lines), where a fresh Hearth writes its bootstrap invitation. */
const E2E_SERVER_LOG = '.tmp/e2e-server.log';
/** A second server of the same build with rate limits on, for the throttling journey (tests/e2e/public.spec.ts). */
const throttledPort = Number(process.env.E2E_THROTTLED_PORT ?? 3101);
export const E2E_THROTTLED_DATA_DIR = '.tmp/e2e-data-throttled';
/** Written once this run's build is done; the throttled server waits for it (one build, two servers). */
const BUILT_MARKER = `.tmp/e2e-built-${process.pid}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // The production build registers a service worker (web/public/sw.js); requests it answers skip
    // page.route, so journeys run without it. tests/e2e/resilience.spec.ts allows it where it tests it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      // A fresh data folder; the operator's invitation (cli invite) starts the journeys' first member.
      // The log goes to a file, as an operator keeps it: a fresh Hearth writes its bootstrap invitation
      // there, from which the journeys' admin signs up (tests/e2e/support/members.ts).
      command: [
        `rm -rf ${E2E_DATA_DIR} .tmp/e2e-host.json .tmp/e2e-admin.json .tmp/e2e-built-* .tmp/a11y-violations.jsonl`,
        'npm run build --silent',
        `touch ${BUILT_MARKER}`,
        'node dist/server/cli.js invite > .tmp/e2e-invitation.txt',
        `node dist/server/main.js > ${E2E_SERVER_LOG}`,
      ].join(' && '),
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        RATE_LIMITS: 'off',
        // Neither server takes replies by email: both would bind 2525 (and so would a dev server).
        INBOUND_SMTP_PORT: 'off',
        // Info: the level a fresh Hearth logs its bootstrap invitation at (into E2E_SERVER_LOG).
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        // The links journey serves its article from a local server (tests/e2e/links.spec.ts); the
        // switch is refused in production, so this server runs as a test one.
        LINK_FETCH_ALLOW_LOOPBACK: 'true',
        NODE_ENV: 'test',
      },
    },
    {
      // The same build (Playwright starts web servers in order, and this one also waits for the
      // build's marker), its own data, rate limits on and a small limit on public reads.
      command: [
        `until [ -f ${BUILT_MARKER} ]; do sleep 1; done`,
        `rm -rf ${E2E_THROTTLED_DATA_DIR}`,
        'node dist/server/main.js',
      ].join(' && '),
      url: `http://127.0.0.1:${throttledPort}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        PORT: String(throttledPort),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_THROTTLED_DATA_DIR,
        PUBLIC_ORIGIN: `http://127.0.0.1:${throttledPort}`,
        RATE_LIMITS: 'on',
        PUBLISHED_RATE_LIMIT: '5',
        INBOUND_SMTP_PORT: 'off',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
