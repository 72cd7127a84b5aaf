import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes: a notification's reply address (ADR 054); unset: MAIL_FROM. */
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe on notification mails. */
  headers?: Record<string, string>;
}

/**
 * One delivery's identity, when the caller has one (the mail job's id and when it was queued): a
 * retry of the same delivery reuses it, so the outbox overwrites its file instead of adding a
 * second, and a mail program that sees the same Message-ID twice can tell it is one mail.
 */
export interface Delivery {
  key: string;
  queuedAt: Date;
}

export interface Mailer {
  send(message: MailMessage, delivery?: Delivery): Promise<void>;
}

/** Every message a mailer of kind `memory` sent; tests read it. */
export interface MemoryMailer extends Mailer {
  sent: MailMessage[];
}

export type MailerOptions =
  | { kind: 'smtp'; url: string; from: string }
  | { kind: 'files'; dir: string; from: string }
  | { kind: 'memory'; from: string };

/**
 * Outgoing mail. With SMTP_URL it goes to that server; otherwise each message is written as an
 * `.eml` file under DATA_DIR/mail, which any mail program opens, and a line is logged.
 */
export function createMailer(options: MailerOptions, logger: FastifyBaseLogger): Mailer | MemoryMailer {
  if (options.kind === 'memory') {
    const sent: MailMessage[] = [];
    return {
      sent,
      async send(message) {
        sent.push(message);
      },
    };
  }
  if (options.kind === 'smtp') {
    const transport = nodemailer.createTransport(options.url);
    return {
      async send(message, delivery) {
        await transport.sendMail({ from: options.from, ...message, ...messageId(delivery) });
        logger.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, delivery) {
      const info = await transport.sendMail({ from: options.from, ...message, ...messageId(delivery) });
      await fs.mkdir(options.dir, { recursive: true });
      const file = path.join(options.dir, outboxFileName(message.to, delivery));
      // Written under a temporary name of its own and renamed: a reader of the folder never sees
      // half a mail, and two writers never share the temporary file.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, file);
      logger.info({ to: message.to, subject: message.subject, file }, `mail written to ${file}`);
    },
  };
}

function messageId(delivery: Delivery | undefined): { messageId?: string } {
  return delivery ? { messageId: `<${delivery.key}@hearth>` } : {};
}

/**
 * `<time>-<unique>-<recipient>.eml`: sorted by name the outbox reads in time order, and the
 * recipient ends the name so a person's mails are easy to find. The middle part keeps two mails
 * to one person in the same millisecond apart (an invitee who signs up at once gets the invitation
 * and the confirmation together). A delivery with a key takes its time and name from that key, so
 * a retried job renames onto the file it already wrote.
 */
export function outboxFileName(to: string, delivery?: Delivery): string {
  const at = delivery?.queuedAt ?? new Date();
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  const unique = delivery ? delivery.key.replace(/[^a-zA-Z0-9-]/g, '_') : randomBytes(8).toString('hex');
  const safeTo = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  return `${stamp}-${unique}-${safeTo}.eml`;
}
