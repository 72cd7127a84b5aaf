import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/env';
import { type Database, openDatabase, rowsOf } from '../../../server/db/client';
import { replyAddressFor } from '../../../server/features/replies/reply-addresses';
import { clusterUnavailable, type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import {
  freePort,
  type HearthProcess,
  hearthUnavailable,
  killAllHearths,
  spawnHearth,
  waitForOutput,
} from '../support/hearth-process';

const MAIL_REPLY_SECRET = 'ops-reply-secret-0123456789abcdef0123456789';
const REPLY_EMAIL_DOMAIN = 'reply.ops.test';

/**
 * The built app's worker takes replies by email (ADR 054): a worker-only process (scale-out) listens
 * on the port it is given, and a reply sent to it over SMTP becomes the member's comment.
 */
describe.skipIf(clusterUnavailable() !== null || hearthUnavailable() !== null)(
  'replies by email to a worker process',
  () => {
    let cluster: PostgresCluster;
    let database: Database;
    let worker: HearthProcess;
    let smtpPort: number;

    beforeAll(async () => {
      cluster = await startPostgresCluster();
      smtpPort = await freePort();
      worker = await spawnHearth({
        databaseUrl: cluster.url,
        services: ['worker'],
        env: {
          LOG_LEVEL: 'info',
          MAIL_REPLY_SECRET,
          REPLY_EMAIL_DOMAIN,
          INBOUND_SMTP_PORT: String(smtpPort),
        },
      });
      await waitForOutput(worker, (output) => output.includes(`on SMTP port ${smtpPort}`), 60_000);
      database = await openDatabase({ kind: 'postgres', url: cluster.url, max: 2 });
    });
    afterAll(async () => {
      await database?.close();
      await worker?.stop();
      killAllHearths();
      cluster?.destroy();
    });

    it('turns a reply sent over SMTP into the member’s comment, and refuses a made-up address', async () => {
      const [member] = rowsOf<{ id: string }>(
        await database.db.execute(sql`insert into users (username, email, password_hash, confirmed_at)
          values ('ops_replier', 'ops_replier@example.test', 'not-a-hash', now()) returning id`),
      );
      const [post] = rowsOf<{ id: string }>(
        await database.db.execute(sql`insert into posts (user_id, tldr, content)
          values (${member!.id}, 'Ops post', '') returning id`),
      );
      // The address the worker would have put in a mail: same secret, same domain.
      const config = loadConfig({ MAIL_REPLY_SECRET, REPLY_EMAIL_DOMAIN });
      const address = await replyAddressFor(database.db, config, member!.id, {
        postId: post!.id,
        commentId: null,
      });
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, ignoreTLS: true });

      const made = `reply-${'a'.repeat(39)}@${REPLY_EMAIL_DOMAIN}`;
      await expect(
        transport.sendMail({ from: 'ops_replier@example.test', to: made, text: 'Guessing' }),
      ).rejects.toMatchObject({ responseCode: 550 });
      await transport.sendMail({ from: 'ops_replier@example.test', to: address, text: 'Sent by mail' });

      const deadline = Date.now() + 30_000;
      let contents: string[] = [];
      while (Date.now() < deadline) {
        contents = rowsOf<{ content: string }>(
          await database.db.execute(sql`select content from comments where post_id = ${post!.id}`),
        ).map((row) => row.content);
        if (contents.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(contents).toEqual(['Sent by mail']);
    });
  },
);
