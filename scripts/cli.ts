// `npm run cli -- <command>`: operator commands that run against the configured database.
import { loadConfig } from '../server/config/env';

const USAGE = `Usage: npm run cli -- <command>

Commands:
  invite [email]   print a new invitation link (and mail it when an email is given)`;

async function main(argv: string[]) {
  const [command] = argv;
  const config = loadConfig(process.env, ['web']);
  switch (command) {
    default:
      console.log(USAGE);
      void config;
      process.exitCode = command ? 1 : 0;
  }
}

await main(process.argv.slice(2));
