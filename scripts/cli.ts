// `npm run cli -- <command>`: operator commands that run against the configured database.
import path from 'node:path';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { emailField } from '../shared/api/fields';
import { createMailer } from '../server/adapters/mail';
import { type Config, ConfigError, loadConfig } from '../server/config/env';
import { type Database, openDatabase } from '../server/db/client';
import { DataDirLockedError, lockDataDir } from '../server/db/data-dir-lock';
import { invitationUrl } from '../server/features/invitations/invitations.presenter';
import { createOperatorInvitation } from '../server/features/invitations/invitations.service';
import { renderMail } from '../server/features/mail/mail.job';
import { reindexAll } from '../server/features/search/search.reindex';

const USAGE = `Usage: npm run cli -- <command>

Commands:
  invite [email]   print a new invitation link (and mail it when an email is given)
  reindex          index every post and link for search whose embedding is missing or from another
                   model (e.g. after changing EMBEDDINGS_MODEL), then refresh keyword statistics`;

class UsageError extends Error {}

/**
 * Opens the database the server uses. In the embedded mode that means taking the DATA_DIR lock
 * first: PGlite cannot be shared, and a second process writing the folder would lose data.
 */
async function openConfiguredDatabase(config: Config): Promise<{ database: Database; release(): void }> {
  if (config.databaseUrl) {
    return {
      database: await openDatabase({ kind: 'postgres', url: config.databaseUrl, max: 2, listens: false }),
      release() {},
    };
  }
  const release = lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
    return { database, release };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * `invite [email]`: a single-use invitation from the operator (no inviter, no admin rights).
 * The mail is sent right here rather than queued: in the embedded mode the server (and its
 * worker) is stopped while this runs, and the operator wants to know it went out.
 */
async function invite(config: Config, args: string[]) {
  if (args.length > 1) throw new UsageError('invite takes at most one email address.');
  let email: string | null = null;
  if (args[0] !== undefined) {
    const parsed = emailField.safeParse(args[0]);
    if (!parsed.success) throw new UsageError(`"${args[0]}" is not a valid email address.`);
    email = parsed.data;
  }

  const { database, release } = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    // Shown once: only the code's hash is stored, so this output (and the mail) is all there is.
    const { invitation, code } = await createOperatorInvitation(database.db, email);
    const url = invitationUrl(config.publicOrigin, code);
    console.log(`New invitation (single use, valid until ${invitation.expiresAt.toISOString()}):`);
    console.log(url);
    if (!email) return;

    const logger = pino({ level: 'warn' }, pino.destination(2)) as unknown as FastifyBaseLogger;
    const mailDir = path.join(config.dataDir, 'mail');
    const mailer = createMailer(
      config.smtpUrl
        ? { kind: 'smtp', url: config.smtpUrl, from: config.mailFrom }
        : { kind: 'files', dir: mailDir, from: config.mailFrom },
      logger,
    );
    // No inviter whose language to borrow: the operator's invitation is in English.
    const payload = { template: 'invitation', to: email, locale: 'en', code, inviterName: null } as const;
    try {
      await mailer.send(renderMail(payload, config.publicOrigin));
    } catch (error) {
      console.error(`The invitation exists, but mailing it to ${email} failed: ${(error as Error).message}`);
      console.error('Send the link above yourself.');
      process.exitCode = 1;
      return;
    }
    console.log(
      config.smtpUrl ? `Mailed to ${email}.` : `Mail to ${email} written to ${mailDir} (no SMTP_URL set).`,
    );
  } finally {
    await database.close();
    release();
  }
}

/** `reindex`: brings every search entry to the configured model (see reindexAll). */
async function reindex(config: Config, args: string[]) {
  if (args.length > 0) throw new UsageError('reindex takes no arguments.');
  const { database, release } = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    if (!database.hasVector) {
      console.log('pgvector is not available: indexing searchable text only (search by keywords).');
    }
    const started = Date.now();
    const report = await reindexAll({ db: database.db, config, database }, (message) => console.log(message));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Reindexed ${report.posts} posts and ${report.links} links in ${seconds} s` +
        (report.model ? ` (model ${report.model}).` : '.'),
    );
  } finally {
    await database.close();
    release();
  }
}

async function main(argv: string[]) {
  const [command, ...args] = argv;
  try {
    const config = loadConfig(process.env, ['web']);
    switch (command) {
      case 'invite':
        await invite(config, args);
        return;
      case 'reindex':
        await reindex(config, args);
        return;
      case undefined:
      case 'help':
      case '--help':
        console.log(USAGE);
        return;
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (error) {
    process.exitCode = 1;
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
    } else if (error instanceof DataDirLockedError) {
      console.error(
        `Cannot run "${command}": ${error.message}\n` +
          'The embedded database (PGlite) can only be opened by one process at a time. Stop the Hearth ' +
          'server, run this command, then start the server again. (With DATABASE_URL set, commands ' +
          'can run while the server is up.)',
      );
    } else if (error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error(`"${command}" failed:`, error);
    }
  }
}

await main(process.argv.slice(2));
