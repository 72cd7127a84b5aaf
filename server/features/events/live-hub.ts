import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../../db/client';
import { membersWhoMaySee } from './live-audience';
import type { LiveCommentEvent, LiveMessageEvent } from '../../../shared/api/live-events';
import { LIVE_EVENTS_CHANNEL, type LiveEvent, type LiveMessage } from './live-events';

/** One open Server-Sent Event stream: whose it is, and how to hand it an event or end it. */
export interface LiveStream {
  userId: string;
  send(event: LiveEvent): void;
  close(): void;
}

function commentEvent<T extends LiveCommentEvent['type']>(type: T) {
  return z.object({
    type: z.literal(type),
    postId: z.string().uuid(),
    commentId: z.string().uuid(),
    parentId: z.string().uuid().nullable(),
  });
}

function messageEvent<T extends LiveMessageEvent['type']>(type: T) {
  return z.object({ type: z.literal(type), conversationId: z.string().uuid(), messageId: z.string().uuid() });
}

/** What a notification must carry; anything else on the channel is ignored (and logged). */
const LiveMessageSchema: z.ZodType<LiveMessage> = z.object({
  audience: z.union([z.object({ userIds: z.array(z.string()) }), z.object({ allMembers: z.literal(true) })]),
  event: z.discriminatedUnion('type', [
    z.object({ type: z.literal('link.updated'), linkId: z.string().uuid() }),
    z.object({
      type: z.literal('post.created'),
      postId: z.string().uuid(),
      groupId: z.string().uuid().nullable(),
    }),
    z.object({ type: z.literal('notification.created'), notificationId: z.string().uuid() }),
    z.object({ type: z.literal('group.requests'), groupId: z.string().uuid() }),
    commentEvent('comment.created'),
    commentEvent('comment.updated'),
    commentEvent('comment.deleted'),
    z.object({
      type: z.literal('post.counts'),
      postId: z.string().uuid(),
      likesCount: z.number().int().nonnegative(),
      commentsCount: z.number().int().nonnegative(),
    }),
    z.object({
      type: z.literal('group.pins'),
      groupId: z.string().uuid(),
      postId: z.string().uuid(),
      pinned: z.boolean(),
    }),
    z.object({ type: z.literal('group_event.updated'), eventId: z.string().uuid() }),
    z.object({ type: z.literal('date_poll.updated'), pollId: z.string().uuid() }),
    z.object({ type: z.literal('poll.updated'), postId: z.string().uuid() }),
    z.object({
      type: z.literal('reactions.changed'),
      postId: z.string().uuid(),
      commentId: z.string().uuid().nullable(),
    }),
    messageEvent('message.created'),
    messageEvent('message.updated'),
    messageEvent('message.deleted'),
    z.object({ type: z.literal('conversation.updated'), conversationId: z.string().uuid() }),
  ]),
  actorId: z.string().uuid().optional(),
});

/** Streams written to between two turns of the event loop. */
const SLICE = 100;

/** Resolves on the event loop's next turn, once pending I/O callbacks have run. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export interface LiveHub {
  /** Starts listening to the channel (once per process). */
  start(): Promise<void>;
  /** Adds a stream; answers a function that removes it. */
  add(stream: LiveStream): () => void;
  /** How many streams are open (health and tests). */
  size(): number;
  /** Ends every stream and stops listening (shutdown). */
  stop(): Promise<void>;
}

/**
 * The per-process fan-out: LISTENs once on the live-events channel and forwards each event to the
 * open streams whose member is in its audience and may see what it is about. Events from any
 * process (web or worker) arrive here through PostgreSQL, so it works with several web processes.
 */
export function createLiveHub(deps: { database: Database; db: DbOrTx; logger: FastifyBaseLogger }): LiveHub {
  const streams = new Set<LiveStream>();
  let unlisten: (() => Promise<void>) | null = null;
  // Events are handled one after another, so they reach each stream in the order they were sent.
  let queue: Promise<void> = Promise.resolve();

  async function dispatch(payload: string) {
    let message: LiveMessage;
    try {
      message = LiveMessageSchema.parse(JSON.parse(payload));
    } catch (error) {
      deps.logger.warn({ err: error }, 'ignored a malformed live event');
      return;
    }
    const open = [...streams];
    const named = 'userIds' in message.audience ? new Set(message.audience.userIds) : null;
    const candidates = [...new Set(open.map((s) => s.userId))].filter((id) => !named || named.has(id));
    const allowed = await membersWhoMaySee(deps.db, message.event, candidates, message.actorId);
    let sent = 0;
    for (const stream of open) {
      if (!allowed.has(stream.userId) || !streams.has(stream)) continue;
      stream.send(message.event);
      // A turn of the event loop between slices: requests (the author's own answer among them)
      // are served while a thousand streams are written to.
      if (++sent % SLICE === 0) await nextTurn();
    }
  }

  return {
    async start() {
      if (unlisten) return;
      unlisten = await deps.database.listen(LIVE_EVENTS_CHANNEL, (payload) => {
        // Never in the way of the request that caused it: the notice arrives with the write's own
        // answer, and the author's response (and its next statements) go first (issue 26).
        queue = queue
          .then(nextTurn)
          .then(() => dispatch(payload))
          .catch((error: unknown) => deps.logger.error({ err: error }, 'live event not delivered'));
      });
    },
    add(stream) {
      streams.add(stream);
      return () => {
        streams.delete(stream);
      };
    },
    size: () => streams.size,
    async stop() {
      for (const stream of [...streams]) stream.close();
      streams.clear();
      const stop = unlisten;
      unlisten = null;
      await stop?.();
      await queue;
    },
  };
}
