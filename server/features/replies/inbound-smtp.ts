import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import type { LimitName } from '../../http/throttle';
import { enqueueInboundReply } from './replies.job';
import { replyKey, splitAddress, verifyReplyLocalPart } from './reply-address';
import { findReplyAddress } from './reply-addresses.repo';

/**
 * The SMTP listener for replies by email (ADR 054), run by the process that runs the worker. Plain
 * SMTP, no AUTH and no STARTTLS: an MX or relay with TLS stands in front in production. It accepts a
 * message only for one valid, unexpired reply address, up to MAX_BYTES, within the throttles, and
 * queues it; what it says becomes a comment in the job, never inside the session.
 */

/** The largest reply taken (announced as SIZE; a longer one is refused with 552). */
export const INBOUND_MAX_BYTES = 256 * 1024;

export interface InboundSmtp {
  port: number;
  close(): Promise<void>;
}

type ListenerContext = Pick<AppContext, 'db' | 'config' | 'jobs' | 'mailer' | 'logger' | 'throttle'>;

/** An SMTP answer: the code and text the sending server reads (and, if it refuses, bounces). */
function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** Counts the message against the sender's, the connection's and everyone's budget; 451 when over. */
async function throttled(context: ListenerContext, session: SMTPServerSession, sender: string) {
  const hits: Array<[LimitName, string]> = [
    ['inboundMailAll', 'all'],
    ['inboundMailAddress', session.remoteAddress],
    ['inboundMailSender', sender.toLowerCase() || '<>'],
  ];
  try {
    for (const [name, subject] of hits) await context.throttle.hit(name, subject);
    return null;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429) {
      return smtpError(451, '4.7.1 Too many messages: try again later');
    }
    throw error;
  }
}

/** The reply address's row code, or the SMTP refusal (550) that says why there is none. */
async function recipientCode(context: ListenerContext, address: string): Promise<string | Error> {
  const unknown = smtpError(550, '5.1.1 No such reply address');
  const parts = splitAddress(address);
  if (!parts || parts.domain !== context.config.inboundMail.replyDomain) return unknown;
  const check = verifyReplyLocalPart(replyKey(context.config), parts.localPart);
  if (!check.ok) {
    return check.reason === 'expired'
      ? smtpError(550, '5.1.1 This reply address has expired: open the post in Hearth to comment')
      : unknown;
  }
  return (await findReplyAddress(context.db, check.code)) ? check.code : unknown;
}

/** Reads the message, keeping no more than the limit (the server refuses what is over it). */
async function readMessage(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    if (bytes <= INBOUND_MAX_BYTES) chunks.push(buffer);
    bytes += buffer.length;
  }
  return Buffer.concat(chunks);
}

export async function startInboundSmtp(
  context: ListenerContext,
  where: { port: number; host: string },
): Promise<InboundSmtp> {
  const codes = new WeakMap<SMTPServerSession, string>();
  const server = new SMTPServer({
    name: context.config.inboundMail.replyDomain,
    banner: 'Hearth takes replies to its notification mails here',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: INBOUND_MAX_BYTES,
    maxClients: 100,
    socketTimeout: 30_000,
    logger: false,
    onMailFrom(address, session, callback) {
      // A new message on the same connection (after RSET or the last DATA) starts with no recipient.
      codes.delete(session);
      throttled(context, session, address.address).then((refusal) => callback(refusal), callback);
    },
    onRcptTo(address, session, callback) {
      if (codes.has(session)) return callback(smtpError(452, '4.5.3 One reply address per message'));
      recipientCode(context, address.address).then((code) => {
        if (code instanceof Error) return callback(code);
        codes.set(session, code);
        callback();
      }, callback);
    },
    onData(stream, session, callback) {
      readMessage(stream).then(async (raw) => {
        const code = codes.get(session);
        codes.delete(session);
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
          return callback(smtpError(552, `5.3.4 A reply may be at most ${INBOUND_MAX_BYTES / 1024} KB`));
        }
        // A null sender (a bounce, a notice) is taken and dropped without a word: answering it
        // could start a loop between two robots.
        if (!code || !session.envelope.mailFrom || !session.envelope.mailFrom.address) return callback();
        await enqueueInboundReply(context, { code, raw: raw.toString('base64') });
        callback();
      }, callback);
    },
  });
  server.on('error', (error) => context.logger.warn({ err: error }, 'inbound SMTP connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  context.logger.info(`taking replies by email on SMTP port ${port} (${where.host})`);
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
