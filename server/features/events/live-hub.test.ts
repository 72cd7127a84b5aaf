import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../../db/client';
import { createLiveHub, type LiveStream } from './live-hub';

// Everyone named may see everything: the audience rule has tests of its own (events.api.test.ts).
vi.mock('./live-audience', () => ({
  membersWhoMaySee: async (_db: unknown, _event: unknown, candidates: string[]) => new Set(candidates),
}));

const POST = {
  audience: { allMembers: true },
  event: { type: 'post.created', postId: '7c0a52e5-4d0b-4f7e-9a35-52f8f0a2c001', groupId: null },
};

/** A hub on a database whose notices the test delivers by hand, with `count` open streams. */
async function hubWithStreams(count: number, log: string[]) {
  let deliver!: (payload: string) => void;
  const database = {
    listen: async (_channel: string, handler: (payload: string) => void) => {
      deliver = handler;
      return async () => undefined;
    },
  } as unknown as Database;
  const logger = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
  const hub = createLiveHub({ database, db: {} as DbOrTx, logger });
  await hub.start();
  for (let index = 0; index < count; index++) {
    const stream: LiveStream = {
      userId: `m${index}`,
      send: () => log.push(`sent ${index}`),
      close: () => undefined,
    };
    hub.add(stream);
  }
  return { hub, deliver: (payload: unknown) => deliver(JSON.stringify(payload)) };
}

describe('the live hub', () => {
  it('leaves the request that caused an event to answer first, and lets requests in between slices of streams', async () => {
    const log: string[] = [];
    const { hub, deliver } = await hubWithStreams(250, log);
    deliver(POST);
    // The author's answer is written in the same turn as the notice arrives.
    log.push('author answered');
    const ticker = setInterval(() => log.push('tick'), 0);
    const interleaved = () => log.filter((entry) => entry !== 'tick');
    await vi.waitFor(() => expect(interleaved()).toHaveLength(251), { timeout: 5000 });
    clearInterval(ticker);
    expect(log[0]).toBe('author answered');
    // Every stream got it, in order; other work ran between the first and the last slice.
    expect(interleaved().slice(1)).toEqual(Array.from({ length: 250 }, (_, index) => `sent ${index}`));
    const between = log.slice(log.indexOf('sent 0'), log.indexOf('sent 249'));
    expect(between).toContain('tick');
    await hub.stop();
  });

  it('hands streams the event alone: the member it is about stays on the server', async () => {
    const received: unknown[] = [];
    const { hub, deliver } = await hubWithStreams(0, []);
    hub.add({ userId: 'm0', send: (event) => received.push(event), close: () => undefined });
    const event = {
      type: 'post.counts',
      postId: '7c0a52e5-4d0b-4f7e-9a35-52f8f0a2c001',
      likesCount: 2,
      commentsCount: 1,
    };
    deliver({ audience: { allMembers: true }, event, actorId: '7c0a52e5-4d0b-4f7e-9a35-52f8f0a2c002' });
    // A count that is not a count is refused whole (and logged), never half sent.
    deliver({ audience: { allMembers: true }, event: { ...event, likesCount: 'many' } });
    deliver(POST);
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(received).toEqual([event, POST.event]);
    await hub.stop();
  });
});
