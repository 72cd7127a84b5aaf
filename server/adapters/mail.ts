import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on notification mails. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
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
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        logger.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(options.dir, `${stamp}-${safeTo}.eml`);
      // Written under a temporary name and renamed: a reader of the folder never sees half a mail.
      const partial = `${file}.partial`;
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, file);
      logger.info({ to: message.to, subject: message.subject, file }, `mail written to ${file}`);
    },
  };
}
