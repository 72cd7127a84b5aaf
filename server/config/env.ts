import path from 'node:path';
import { z } from 'zod';

/** Which parts of Hearth this process runs. The embedded default runs both. */
export const SERVICES = ['web', 'worker'] as const;
export type Service = (typeof SERVICES)[number];

const optionalUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.url().optional(),
);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_ORIGIN: optionalUrl,
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().trim().min(3).default('Hearth <no-reply@hearth.local>'),
  CONTACT_EMAIL: z.email().default('privacy@hearth.local'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMITS: z
    .enum(['on', 'off'])
    .default('on')
    .transform((value) => value === 'on'),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /** The origin users reach the app at; used in mails and public URLs. */
  publicOrigin: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  trustProxy: boolean;
  logLevel: Env['LOG_LEVEL'];
  logFormat: Env['LOG_FORMAT'];
  rateLimits: boolean;
  services: Service[];
}

export class ConfigError extends Error {}

/** Reads and validates the environment. Throws a ConfigError naming every bad variable. */
export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  services: Service[] = [...SERVICES],
): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicOrigin = (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicOrigin,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    contactEmail: env.CONTACT_EMAIL,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    rateLimits: env.RATE_LIMITS,
    services,
  };
}

/** Parses `--services=web,worker` from the command line. */
export function parseServices(argv: string[]): Service[] {
  const flag = argv.find((arg) => arg.startsWith('--services='));
  if (!flag) return [...SERVICES];
  const names = flag
    .slice('--services='.length)
    .split(',')
    .map((name) => name.trim());
  const unknown = names.filter((name) => !(SERVICES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    throw new ConfigError(`--services takes a comma-separated list of: ${SERVICES.join(', ')}`);
  }
  return names as Service[];
}
