import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { App } from './context';
import { closeGracefully } from './runtime';

describe('closeGracefully', () => {
  it('lets a request in flight finish, then cuts a client that never finishes sending', async () => {
    const app = Fastify();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get('/slow', async () => {
      await released;
      return { done: true };
    });
    app.put('/upload', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;

    const slow = fetch(`http://127.0.0.1:${port}/slow`).then((res) => res.json());
    // A client that announces a body and stops sending it: its request never completes.
    const stalled = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => stalled.on('connect', resolve));
    stalled.write('PUT /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\npartial');
    stalled.resume(); // read what the server sends, so its hang-up is seen
    const cut = new Promise<void>((resolve) => stalled.on('close', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 50));

    const closed = closeGracefully(app as unknown as App, 300);
    release();
    expect(await slow).toEqual({ done: true });
    await closed;
    await cut;
    expect(stalled.destroyed).toBe(true);
  });
});
