import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { App } from '../context';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { memberWithClient } from '../../tests/support/factories';
import { requestUpload } from '../../tests/support/file-factories';

const DEADLINE_MS = 1000;

interface Exchange {
  /** Everything the server sent. */
  answer: string;
  /** When the server closed the connection, in ms after the headers were sent. */
  closedAfterMs: number;
}

/**
 * Sends `head` at once, then `body` one byte every `intervalMs`, over a real socket, until the
 * server closes the connection; answers what it sent and when it closed.
 */
function trickle(port: number, head: string, body: Buffer, intervalMs: number): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let started = 0;
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      started = Date.now();
      socket.write(head);
      timer = setInterval(() => {
        if (sent < body.length && socket.writable) socket.write(body.subarray(sent, ++sent));
      }, intervalMs);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    // A write after the server closed may fail; the answer read so far is what counts.
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer: Buffer.concat(chunks).toString('utf8'), closedAfterMs: Date.now() - started });
    });
    socket.setTimeout(20_000, () => reject(new Error('the server never closed the connection')));
  });
}

/**
 * A request body has a short deadline on every route but the local store's upload PUT (issue 25,
 * item 5b). The deadline is shortened to a second here; the default is TIMEOUTS.bodyMs.
 */
describe('the body deadline', () => {
  let app: TestApp;
  let web: App;
  let port: number;

  beforeAll(async () => {
    app = await createTestApp();
    web = await buildApp(app.context, { serveWeb: false, bodyDeadlineMs: DEADLINE_MS });
    await web.listen({ port: 0, host: '127.0.0.1' });
    port = (web.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await web.close();
    await app.close();
  });

  const jsonHead = (length: number, close: boolean) =>
    [
      'POST /api/users/password HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      'X-Requested-With: XMLHttpRequest',
      `Content-Length: ${length}`,
      ...(close ? ['Connection: close'] : []),
      '',
      '',
    ].join('\r\n');
  const body = Buffer.from('{"user":{"email":"a@example.test"}}');

  it('answers 408 and closes a JSON body trickled past the deadline', async () => {
    // Positive control: the same request sent at once is answered.
    const whole = await trickle(port, jsonHead(body.length, true) + body.toString(), Buffer.alloc(0), 10);
    expect(whole.answer).toMatch(/^HTTP\/1\.1 200 /);

    // One byte every 200 ms: the body would take 7 s; the idle timeout never fires.
    const slow = await trickle(port, jsonHead(body.length, false), body, 200);
    expect(slow.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(slow.answer.toLowerCase()).toContain('connection: close');
    expect(slow.answer.slice(slow.answer.indexOf('\r\n\r\n') + 4)).toBe(
      JSON.stringify({ error: 'The request body took too long to arrive.' }),
    );
    expect(slow.closedAfterMs).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(slow.closedAfterMs).toBeLessThan(DEADLINE_MS + 2000);
  });

  it('lets the upload PUT take longer than the deadline', async () => {
    const { client } = await memberWithClient(app);
    const created = await requestUpload(client);
    const url = new URL(created.body.url as string, 'http://127.0.0.1');
    const bytes = Buffer.from('a few bytes of a file, sent slowly');
    const head = [
      `PUT ${url.pathname}${url.search} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: application/octet-stream',
      `Content-Length: ${bytes.length}`,
      'Connection: close',
      '',
      '',
    ].join('\r\n');
    // 34 bytes at one per 75 ms: about 2.5 s, well past the deadline.
    const upload = await trickle(port, head, bytes, 75);
    expect(upload.answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(upload.closedAfterMs).toBeGreaterThan(DEADLINE_MS * 2);
  });
});
