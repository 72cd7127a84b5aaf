import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { createMailer } from '../../adapters/mail';
import { renderMail } from './mail.job';
import { parseEml } from '../../../tests/support/eml';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const FROM = 'Hearth <no-reply@hearth.test>';

const message = renderMail(
  {
    template: 'invitation',
    to: 'friend@example.test',
    locale: 'en',
    code: 'AbC_123-xyz',
    inviterName: 'Zoë <Admin>',
  },
  'https://hearth.example',
);

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** Delivery of the rendered mails: to a real SMTP server, and to .eml files. */
describe('mail delivery', () => {
  describe('over SMTP', () => {
    const received: Received[] = [];
    let server: SMTPServer;
    let port: number;

    beforeAll(async () => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('hands the message to the SMTP server with envelope, headers and both parts', async () => {
      const mailer = createMailer({ kind: 'smtp', url: `smtp://127.0.0.1:${port}`, from: FROM }, logger);
      await mailer.send(message);
      expect(received).toHaveLength(1);
      const [delivery] = received;
      expect(delivery!.from).toBe('no-reply@hearth.test');
      expect(delivery!.to).toEqual(['friend@example.test']);
      const mail = parseEml(delivery!.raw);
      expect(mail.headers.subject).toBe("You're invited to join Hearth");
      expect(mail.headers.to).toBe('friend@example.test');
      expect(mail.headers.from).toBe(FROM);
      expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
      expect(mail.text).toBe(message.text);
      expect(mail.text).toContain('https://hearth.example/invitation?code=AbC_123-xyz');
      expect(mail.html).toContain('href="https://hearth.example/invitation?code=AbC_123-xyz"');
      expect(mail.html).toContain('Zoë &lt;Admin&gt;');
    });

    it('fails loudly when the SMTP server refuses, so the job is retried', async () => {
      const mailer = createMailer({ kind: 'smtp', url: 'smtp://127.0.0.1:1', from: FROM }, logger);
      await expect(mailer.send(message)).rejects.toThrow();
    });
  });

  describe('as .eml files', () => {
    let dir: string;
    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-mail-'));
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('writes one parseable RFC 822 file per message', async () => {
      const mailer = createMailer({ kind: 'files', dir: path.join(dir, 'mail'), from: FROM }, logger);
      await mailer.send(message);
      const files = fs.readdirSync(path.join(dir, 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/friend@example\.test\.eml$/);
      const mail = parseEml(fs.readFileSync(path.join(dir, 'mail', files[0]!), 'utf8'));
      expect(mail.headers.from).toBe(FROM);
      expect(mail.headers.to).toBe('friend@example.test');
      expect(mail.headers.subject).toBe("You're invited to join Hearth");
      expect(mail.headers['mime-version']).toBe('1.0');
      expect(mail.headers.date).toBeTruthy();
      expect(mail.text).toBe(message.text);
      expect(mail.html).toBe(message.html);
    });

    describe('with the clock stopped', () => {
      afterEach(() => {
        vi.useRealTimers();
      });

      // An invitee who signs up at once gets the invitation and the confirmation in one millisecond.
      it('keeps 50 mails to one person in one millisecond apart, each whole', async () => {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(new Date('2030-01-15T12:00:00.123Z'));
        const outbox = path.join(dir, 'burst');
        const mailer = createMailer({ kind: 'files', dir: outbox, from: FROM }, logger);
        const burst = Array.from({ length: 50 }, (_, n) => ({ ...message, subject: `Mail number ${n}` }));
        await Promise.all(burst.map((mail) => mailer.send(mail)));

        const files = fs.readdirSync(outbox).sort();
        expect(files).toHaveLength(50);
        for (const file of files) {
          // Sorted by time first, the recipient last (the e2e helpers and people find mail by it).
          expect(file).toMatch(/^2030-01-15T12-00-00-123Z-[0-9a-f]+-friend@example\.test\.eml$/);
        }
        const subjects = files.map(
          (file) => parseEml(fs.readFileSync(path.join(outbox, file), 'utf8')).headers.subject,
        );
        expect(subjects.sort()).toEqual(burst.map((mail) => mail.subject).sort());
      });

      it('writes a retried delivery once, over its own file, with one Message-ID', async () => {
        const outbox = path.join(dir, 'retried');
        const mailer = createMailer({ kind: 'files', dir: outbox, from: FROM }, logger);
        const queuedAt = new Date('2030-01-15T12:00:00.123Z');
        const first = { key: '0b9c4a52-7c1e-4f43-9a3b-5d2f7f0e6a11', queuedAt };
        const second = { key: '5e3f1d77-2a90-4c1b-8e4d-9b6a0c2d3e44', queuedAt };
        await mailer.send(message, first);
        await mailer.send(message, first); // the job ran again after the file was written
        await mailer.send(message, second); // another job, queued in the same millisecond

        const files = fs.readdirSync(outbox).sort();
        expect(files).toEqual([
          `2030-01-15T12-00-00-123Z-${first.key}-friend@example.test.eml`,
          `2030-01-15T12-00-00-123Z-${second.key}-friend@example.test.eml`,
        ]);
        const ids = files.map(
          (file) => parseEml(fs.readFileSync(path.join(outbox, file), 'utf8')).headers['message-id'],
        );
        expect(ids).toEqual([`<${first.key}@hearth>`, `<${second.key}@hearth>`]);
      });
    });
  });
});
