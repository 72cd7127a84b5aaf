import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob } from '../../jobs/queue';
import type { handleInboundReply } from './inbound-reply';

export const INBOUND_REPLY_JOB = 'replies.inbound';

/** The message as received (base64, at most the listener's SIZE) and the reply address's code. */
const InboundReplySchema = z.object({
  code: z.string().regex(/^[a-z2-7]{16}$/),
  raw: z.string().min(1).max(400_000),
});
export type InboundReply = z.infer<typeof InboundReplySchema>;

type ReplyJobContext = Parameters<typeof handleInboundReply>[0];

/**
 * A reply accepted by the SMTP listener becomes a comment here, not in the SMTP session: the
 * sending server gets its 250 at once, and a busy database slows comments, not mail. The message
 * holds private text, so a finished job is deleted within the hour.
 */
export function inboundReplyJob(context: ReplyJobContext) {
  return defineJob({
    name: INBOUND_REPLY_JOB,
    schema: InboundReplySchema,
    retryLimit: 5,
    retryDelaySeconds: 30,
    deleteAfterSeconds: 60 * 60,
    batchSize: 20,
    concurrency: 4,
    async handle({ code, raw }) {
      // The mail parser is loaded with the first reply (issue 26: 5 MB no other process needs).
      const { handleInboundReply } = await import('./inbound-reply');
      const outcome = await handleInboundReply(context, { code, raw: Buffer.from(raw, 'base64') });
      context.logger.info({ outcome }, 'reply by email handled');
    },
  });
}

export async function enqueueInboundReply(
  context: Pick<AppContext, 'jobs'> & ReplyJobContext,
  reply: InboundReply,
) {
  await context.jobs.enqueue(inboundReplyJob(context), reply);
}
