import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { isExecutable } from '../lib/executable';

/** Which parts of Hearth this process runs. The embedded default runs both. */
export const SERVICES = ['web', 'worker'] as const;
export type Service = (typeof SERVICES)[number];

const optionalUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.url().optional(),
);

const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);
const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');
const byteCount = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** HEAP_MAX_MB's default: what the mix measured as enough (ADR 053). */
export const DEFAULT_HEAP_MAX_MB = 256;
/** KEPT_READS_MAX_MB's default: the kept answers of a busy community with room to spare (ADR 053). */
export const DEFAULT_KEPT_READS_MAX_MB = 32;
/** PGLITE_SHARED_BUFFERS_MB's default: a quarter of PostgreSQL's, measured under the mix (ADR 053). */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 32;
/** What a busy process keeps live besides the kept answers, with room for V8 to collect, in MB. */
export const HEAP_BASE_MB = 128;
/**
 * V8's young generation halves, in MB (its default is 16): a request's garbage dies young, and
 * smaller halves are scavenged as fast for less memory (ADR 053).
 */
export const SEMI_SPACE_MB = 4;

/** An IP address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const TRUST_EVERYONE =
  '`true` is refused: trusting every hop lets any client forge its address (and dodge rate limits) ' +
  'with X-Forwarded-For. Write the number of proxies in front of Hearth (TRUST_PROXY=1 behind one ' +
  'nginx or Caddy) or their addresses and ranges (TRUST_PROXY=127.0.0.1,10.0.0.0/8)';

/**
 * Which hops may name the client in X-Forwarded-For: none (`false`, the default), the nearest N
 * (`1`), or the proxies listed by address or CIDR range. Handed to Fastify's `trustProxy` as is.
 */
const trustProxySetting = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({ code: 'custom', message: TRUST_EVERYONE });
      return z.NEVER;
    }
    if (/^\d+$/.test(value) && Number(value) <= 32) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `takes a number of hops or comma-separated proxy addresses/CIDR ranges; not ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Extra origins whose pages may write to the API (a second domain, a dev server), beside
 * PUBLIC_ORIGIN. Each must be exactly an origin: scheme, host and port, nothing after.
 */
const originList = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const origins: string[] = [];
    for (const entry of value.split(',').map((item) => item.trim().replace(/\/$/, ''))) {
      if (entry === '') continue;
      let origin: string | null = null;
      try {
        const url = new URL(entry);
        if (['http:', 'https:'].includes(url.protocol) && url.origin === entry) origin = url.origin;
      } catch {
        // Not a URL at all: reported below.
      }
      if (origin) origins.push(origin);
      else
        ctx.addIssue({
          code: 'custom',
          message: `${JSON.stringify(entry)} is not an origin like https://app.example`,
        });
    }
    return origins;
  });

/** Settings of the S3-compatible store: needed together when STORAGE=s3 (checked below). */
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

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
  ALLOWED_ORIGINS: originList,
  TRUST_PROXY: trustProxySetting,
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMITS: z
    .enum(['on', 'off'])
    .default('on')
    .transform((value) => value === 'on'),
  /** Public reads (published posts, explore, the Atom feed) allowed per client IP per minute. */
  PUBLISHED_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /**
   * How often the job queue looks for jobs whose worker died (heartbeat stale or past expiry) and
   * hands them back for a retry. Each pass costs a few small queries.
   */
  JOBS_MONITOR_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  S3_REGION: optionalText.default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Default: path-style when S3_ENDPOINT names a custom store (MinIO, Garage…), virtual-hosted for AWS. */
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  UPLOAD_MAX_BYTES: byteCount.default(25 * 1024 * 1024),
  UPLOAD_QUOTA_BYTES: byteCount.default(1024 * 1024 * 1024),
  /** An OpenAI-compatible embeddings API (`POST {url}/embeddings`); unset: the offline word vectors. */
  EMBEDDINGS_BASE_URL: optionalUrl,
  EMBEDDINGS_API_KEY: optionalText,
  EMBEDDINGS_MODEL: optionalText,
  FILES_SIGNING_KEY: optionalText.pipe(
    z.string().min(32, { error: 'must be at least 32 characters (e.g. `openssl rand -hex 32`)' }).optional(),
  ),
  /**
   * Encrypts members' two-factor (TOTP) secrets at rest. When unset, a random key is generated and
   * kept in DATA_DIR; required in production with DATABASE_URL, where processes share no folder.
   */
  TOTP_ENCRYPTION_KEY: optionalText.pipe(
    z.string().min(32, { error: 'must be at least 32 characters (e.g. `openssl rand -hex 32`)' }).optional(),
  ),
  /**
   * Encrypts the text of private messages at rest (ADR 060). When unset, a random key is generated
   * and kept in DATA_DIR; required in production with DATABASE_URL, where processes share no folder.
   */
  MESSAGES_KEY: optionalText.pipe(
    z.string().min(32, { error: 'must be at least 32 characters (e.g. `openssl rand -hex 32`)' }).optional(),
  ),
  /** Signs one-click unsubscribe links in notification mails; when unset, a key kept in DATA_DIR. */
  MAIL_UNSUBSCRIBE_SECRET: optionalText.pipe(
    z.string().min(32, { error: 'must be at least 32 characters (e.g. `openssl rand -hex 32`)' }).optional(),
  ),
  /** Signs the reply addresses of notification mails (ADR 054); when unset, a key kept in DATA_DIR. */
  MAIL_REPLY_SECRET: optionalText.pipe(
    z.string().min(32, { error: 'must be at least 32 characters (e.g. `openssl rand -hex 32`)' }).optional(),
  ),
  /** The domain of reply addresses (`reply-…@<domain>`); unset: the host of PUBLIC_ORIGIN. */
  REPLY_EMAIL_DOMAIN: optionalText.pipe(
    z
      .string()
      .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i, {
        error: 'must be a domain name such as reply.example.org (no scheme, port or @)',
      })
      .optional(),
  ),
  /**
   * Where the process running the worker takes replies by SMTP (ADR 054): a port, or `off`. Plain
   * SMTP without authentication: in production an MX or relay with TLS stands in front.
   */
  INBOUND_SMTP_PORT: z
    .string()
    .trim()
    .default('2525')
    .transform((value, ctx): number | null => {
      if (value === 'off') return null;
      const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
      if (port >= 1 && port <= 65_535) return port;
      ctx.addIssue({ code: 'custom', message: 'takes a port (1-65535) or `off`' });
      return z.NEVER;
    }),
  /** The address the inbound SMTP listener binds; unset: HOST. */
  INBOUND_SMTP_HOST: optionalText,
  /**
   * The authserv-id of the MX or relay in front (its Authentication-Results header). When set, a
   * reply counts only if that header says its From domain passed DMARC, or aligned DKIM or SPF.
   */
  INBOUND_AUTHSERV_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[^\s;]+$/, { error: 'must be one token without spaces or `;` (e.g. mx.example.org)' })
      .optional(),
  ),
  /** An OpenAI-compatible API that writes link summaries (unset: the offline extractive summariser). */
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  /**
   * An OpenAI-compatible chat API with a vision model that captions post photos once uploaded: the
   * uploader's alt text draft and search (ADR 051). Unset: OCR only, and no request is ever made.
   */
  VISION_BASE_URL: optionalUrl,
  VISION_API_KEY: optionalText,
  VISION_MODEL: optionalText,
  /** Google Safe Browsing Lookup v4: a second opinion on links (unset: local rules only). */
  SAFE_BROWSING_API_KEY: optionalText,
  /** Tests only: let the link fetcher reach loopback addresses on any port. Refused in production. */
  LINK_FETCH_ALLOW_LOOPBACK: booleanFlag.default(false),
  /** How long the link fetcher waits for a page's complete answer, in ms (default 15 s; 1 s to 60 s). */
  LINK_FETCH_DEADLINE_MS: z.coerce.number().int().min(1000).max(60_000).default(15_000),
  /** Tests only: the first retry delay of a link's reading, in seconds (default 10). Refused in production. */
  LINK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /**
   * Web Push's VAPID key pair (ADR 052), base64url as `npx web-push generate-vapid-keys` prints it:
   * both or neither. Unset: a pair generated once and kept in DATA_DIR. Processes that share no
   * DATA_DIR must set the same pair, or a browser subscribed through one is refused by the others'.
   */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** Who push services may contact about Hearth's pushes: a mailto: or https: URL (default: CONTACT_EMAIL). */
  VAPID_SUBJECT: optionalText,
  /** Tests only: pushes may go to loopback endpoints on any port, over a self-signed certificate. Refused in production. */
  PUSH_ALLOW_LOOPBACK: booleanFlag.default(false),
  /**
   * A worker-only process (`--services=worker`) has no web port: with METRICS_TOKEN set, it serves
   * GET /metrics on this port (unset: no metrics). Processes running the web service ignore it.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /**
   * The ffmpeg binary that takes a video's poster frame (ffprobe is looked for beside it unless
   * FFPROBE_PATH names it). Unset: `ffmpeg` and `ffprobe` on PATH (Debian's `ffmpeg` package), and
   * without them videos play with no poster and no duration. Checked at start-up.
   */
  FFMPEG_PATH: optionalText,
  FFPROBE_PATH: optionalText,
  /**
   * The largest V8 old generation of each Hearth process, in MB (ADR 053): with a bound V8 also
   * collects sooner, so memory follows what is live. At least KEPT_READS_MAX_MB + HEAP_BASE_MB.
   */
  HEAP_MAX_MB: z.coerce.number().int().min(64).max(65_536).default(DEFAULT_HEAP_MAX_MB),
  /**
   * The embedded database's buffer pool (PostgreSQL's `shared_buffers`), in MB: it is held in the
   * process's memory, while pages past it are read through the system's file cache (ADR 053).
   */
  PGLITE_SHARED_BUFFERS_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(65_536)
    .default(DEFAULT_PGLITE_SHARED_BUFFERS_MB),
  /** The most the kept answers (ADR 028, ADR 042) may hold, in MB (their estimated size). */
  KEPT_READS_MAX_MB: z.coerce.number().int().min(1).max(4096).default(DEFAULT_KEPT_READS_MAX_MB),
  /** Turns on GET /metrics (Prometheus), which then needs `Authorization: Bearer <token>`; unset: off. */
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .min(32, {
        error: 'must be at least 32 characters (e.g. `openssl rand -hex 32`); unset it to turn /metrics off',
      })
      .regex(/^\S+$/, { error: 'must not contain spaces (it is sent as `Authorization: Bearer <token>`)' })
      .optional(),
  ),
});

export type Env = z.infer<typeof EnvSchema>;

/** How much memory a process may use (ADR 053). */
export interface MemoryConfig {
  /** V8's old generation bound (`--max-old-space-size`), in MB. */
  heapMaxMb: number;
  /** V8's young generation halves (`--max-semi-space-size`), in MB. */
  semiSpaceMb: number;
  /** The most the kept answers hold, in bytes (estimated). */
  keptReadsMaxBytes: number;
  /** The embedded database's `shared_buffers`, in MB (unused on PostgreSQL). */
  pgliteSharedBuffersMb: number;
}

/** Where uploaded files live: DATA_DIR/files (the default) or an S3-compatible bucket. */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      endpoint: string | undefined;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

/** The chat model that writes link summaries, when one is configured. */
export interface LlmConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
}

/** How links are read and checked (see server/features/links/pipeline). */
export interface LinksConfig {
  /** Tests only: the fetcher may reach loopback addresses, on any port. */
  fetchAllowLoopback: boolean;
  /** The fetch's total deadline in ms (unset: SAFE_FETCH_LIMITS, 15 s). */
  fetchDeadlineMs?: number;
  /** Tests only: the first retry delay of a link's reading (unset: the job's own, 10 s). */
  retryDelaySeconds?: number;
  llm: LlmConfig | null;
  safeBrowsing: { apiKey: string; baseUrl: string } | null;
}

export const SAFE_BROWSING_BASE_URL = 'https://safebrowsing.googleapis.com';

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /** The origin users reach the app at; used in mails and public URLs. */
  publicOrigin: string;
  /** Origins accepted on writes besides PUBLIC_ORIGIN's (ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  /** Fastify's `trustProxy`: false, a number of hops, or the trusted proxies' addresses/ranges. */
  trustProxy: false | number | string[];
  logLevel: Env['LOG_LEVEL'];
  logFormat: Env['LOG_FORMAT'];
  rateLimits: boolean;
  /** Public reads allowed per client IP per minute (when rate limits are on). */
  publishedRateLimit: number;
  /** How often the job queue fails and retries jobs of dead workers (JOBS_MONITOR_INTERVAL_SECONDS). */
  jobsMonitorIntervalSeconds: number;
  services: Service[];
  /** Longest delay held on a failed sign-in (features/auth/sign-in.throttle.ts); tests shorten it. */
  signInSlowDownMaxMs: number;
  storage: StorageConfig;
  /** The largest upload accepted, in bytes. */
  uploadMaxBytes: number;
  /** Bytes each member may keep stored (uploaded files, after re-encoding). */
  uploadQuotaBytes: number;
  /** Key of the local store's signed URLs; when unset, one is generated and kept in DATA_DIR. */
  filesSigningKey: string | undefined;
  /** Key that encrypts TOTP secrets; when unset, one is generated and kept in DATA_DIR. */
  totpEncryptionKey: string | undefined;
  /** Key that encrypts private messages' text; when unset, one is generated and kept in DATA_DIR. */
  messagesKey: string | undefined;
  /**
   * Key of the unsubscribe links in notification mails; when unset, one is generated and kept in
   * DATA_DIR (processes that share no DATA_DIR must set MAIL_UNSUBSCRIBE_SECRET alike).
   */
  mailUnsubscribeSecret: string | undefined;
  /** Replies by email (ADR 054): their addresses, the listener that takes them, and its checks. */
  inboundMail: InboundMailConfig;
  links: LinksConfig;
  /** The embeddings API search uses; null: the offline static word vectors. */
  embeddings: EmbeddingsConfig | null;
  /** The vision model that captions post photos (alt text drafts, search), when one is configured. */
  vision: LlmConfig | null;
  /** The bearer token GET /metrics requires; undefined: /metrics is off (404). */
  metricsToken: string | undefined;
  /** Worker-only processes: the port of their own /metrics listener (needs metricsToken), or null. */
  metricsPort: number | null;
  /** FFMPEG_PATH and FFPROBE_PATH, checked to be executable; unset: looked for on PATH when needed. */
  video: VideoToolsConfig;
  memory: MemoryConfig;
  push: PushConfig;
}

/** Web Push (ADR 052). */
export interface PushConfig {
  /** The configured VAPID pair; null: the pair kept in DATA_DIR (generated on first use). */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** The VAPID `sub` claim: a mailto: or https: URL. */
  subject: string;
  /** Tests only: loopback endpoints on any port, their certificate not checked. */
  allowLoopback: boolean;
}

export interface InboundMailConfig {
  /** The domain of reply addresses. */
  replyDomain: string;
  /** Key of reply addresses; when unset, one is generated and kept in DATA_DIR (MAIL_REPLY_SECRET). */
  replySecret: string | undefined;
  /** Where the SMTP listener binds in the process running the worker; null: no listener. */
  smtp: { port: number; host: string } | null;
  /** The authserv-id whose Authentication-Results are believed; null: none is read. */
  authservId: string | null;
}

export interface VideoToolsConfig {
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
}

export interface EmbeddingsConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment. Throws a ConfigError naming every bad variable. */
/**
 * Whether members reach Hearth over HTTPS (PUBLIC_ORIGIN): cookies are then Secure, and the security
 * headers ask browsers to stay on HTTPS.
 */
export function servedOverHttps(config: Pick<Config, 'publicOrigin'>): boolean {
  return config.publicOrigin.startsWith('https://');
}

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
  const storage = storageConfig(env);
  const publicOrigin = (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicOrigin,
    allowedOrigins: env.ALLOWED_ORIGINS,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    contactEmail: env.CONTACT_EMAIL,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    rateLimits: env.RATE_LIMITS,
    publishedRateLimit: env.PUBLISHED_RATE_LIMIT,
    jobsMonitorIntervalSeconds: env.JOBS_MONITOR_INTERVAL_SECONDS,
    services,
    signInSlowDownMaxMs: 3000,
    storage,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    uploadQuotaBytes: env.UPLOAD_QUOTA_BYTES,
    filesSigningKey: env.FILES_SIGNING_KEY,
    totpEncryptionKey: totpEncryptionKey(env),
    messagesKey: messagesKey(env),
    mailUnsubscribeSecret: env.MAIL_UNSUBSCRIBE_SECRET,
    links: linksConfig(env),
    inboundMail: inboundMailConfig(env, publicOrigin),
    embeddings: embeddingsConfig(env),
    vision: visionConfig(env),
    metricsToken: env.METRICS_TOKEN,
    metricsPort: metricsPort(env),
    video: videoToolsConfig(env),
    memory: memoryConfig(env),
    push: pushConfig(env),
  };
}

/** Bytes a base64url string decodes to, or -1 when it is not base64url. */
function base64UrlLength(value: string): number {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return -1;
  return Buffer.from(value, 'base64url').length;
}

/**
 * The VAPID pair comes whole or not at all: a public key without its private half could sign
 * nothing, and a pair generated beside a configured half would not match what browsers hold.
 */
function pushConfig(env: Env): PushConfig {
  const problems: string[] = [];
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    problems.push(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (`npx web-push generate-vapid-keys`) or neither',
    );
  }
  if (publicKey && base64UrlLength(publicKey) !== 65) {
    problems.push('VAPID_PUBLIC_KEY: must be a base64url P-256 public key (65 bytes, 87 characters)');
  }
  if (privateKey && base64UrlLength(privateKey) !== 32) {
    problems.push('VAPID_PRIVATE_KEY: must be a base64url P-256 private key (32 bytes, 43 characters)');
  }
  const subject = env.VAPID_SUBJECT ?? `mailto:${env.CONTACT_EMAIL}`;
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) {
    problems.push('VAPID_SUBJECT: must be a mailto: address or an https: URL');
  }
  if (env.PUSH_ALLOW_LOOPBACK && env.NODE_ENV === 'production') {
    problems.push('PUSH_ALLOW_LOOPBACK is for tests only and is refused when NODE_ENV=production');
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  return {
    vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : null,
    subject,
    allowLoopback: env.PUSH_ALLOW_LOOPBACK,
  };
}

/**
 * The heap must hold the kept answers and the rest of what a busy process keeps live (HEAP_BASE_MB,
 * measured under the mix with room for V8 to collect): a smaller bound would make V8 collect
 * without pause, then stop the process, so it is refused at start instead.
 */
function memoryConfig(env: Env): MemoryConfig {
  const least = env.KEPT_READS_MAX_MB + HEAP_BASE_MB;
  if (env.HEAP_MAX_MB < least) {
    throw new ConfigError(
      `Invalid configuration:\n  HEAP_MAX_MB: ${env.HEAP_MAX_MB} is less than the kept answers' ${env.KEPT_READS_MAX_MB} MB (KEPT_READS_MAX_MB) and ${HEAP_BASE_MB} MB for the rest; set it to ${least} or more`,
    );
  }
  return {
    heapMaxMb: env.HEAP_MAX_MB,
    semiSpaceMb: SEMI_SPACE_MB,
    keptReadsMaxBytes: env.KEPT_READS_MAX_MB * 1024 * 1024,
    pgliteSharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB,
  };
}

/**
 * FFMPEG_PATH (and FFPROBE_PATH, or an ffprobe beside FFMPEG_PATH) must be executable files: a
 * typo would otherwise only show as videos without posters, found weeks later.
 */
function videoToolsConfig(env: Env): VideoToolsConfig {
  const install = "install Debian's ffmpeg (apt-get install ffmpeg), or unset it to look on PATH";
  const problems: string[] = [];
  const ffmpegPath = env.FFMPEG_PATH ? path.resolve(env.FFMPEG_PATH) : undefined;
  if (ffmpegPath && !isExecutable(ffmpegPath)) {
    problems.push(`FFMPEG_PATH: ${ffmpegPath} is not an executable file; ${install}`);
  }
  let ffprobePath = env.FFPROBE_PATH ? path.resolve(env.FFPROBE_PATH) : undefined;
  if (ffprobePath && !isExecutable(ffprobePath)) {
    problems.push(`FFPROBE_PATH: ${ffprobePath} is not an executable file; ${install}`);
  }
  if (ffmpegPath && !ffprobePath) {
    ffprobePath = path.join(path.dirname(ffmpegPath), 'ffprobe');
    if (!isExecutable(ffprobePath)) {
      problems.push(`FFMPEG_PATH: no executable ffprobe beside it (${ffprobePath}); set FFPROBE_PATH`);
    }
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  return { ffmpegPath, ffprobePath };
}

/** Reply addresses default to the public host: mail for it must reach the listener (MX or relay). */
function inboundMailConfig(env: Env, publicOrigin: string): InboundMailConfig {
  return {
    replyDomain: (env.REPLY_EMAIL_DOMAIN ?? new URL(publicOrigin).hostname).toLowerCase(),
    replySecret: env.MAIL_REPLY_SECRET,
    smtp:
      env.INBOUND_SMTP_PORT === null
        ? null
        : { port: env.INBOUND_SMTP_PORT, host: env.INBOUND_SMTP_HOST ?? env.HOST },
    authservId: env.INBOUND_AUTHSERV_ID ?? null,
  };
}

/** VISION_BASE_URL needs VISION_MODEL; the key and model mean nothing without the address. */
function visionConfig(env: Env): LlmConfig | null {
  if (!env.VISION_BASE_URL) {
    if (env.VISION_MODEL || env.VISION_API_KEY) {
      throw new ConfigError('Invalid configuration:\n  VISION_MODEL and VISION_API_KEY need VISION_BASE_URL');
    }
    return null;
  }
  if (!env.VISION_MODEL) {
    throw new ConfigError('Invalid configuration:\n  VISION_BASE_URL also needs VISION_MODEL');
  }
  return {
    baseUrl: env.VISION_BASE_URL.replace(/\/+$/, ''),
    apiKey: env.VISION_API_KEY,
    model: env.VISION_MODEL,
  };
}

/**
 * Processes sharing a PostgreSQL server share no DATA_DIR, so a generated key would differ between
 * them and a secret encrypted by one could not be read by another: there the key must be given.
 */
function totpEncryptionKey(env: Env): string | undefined {
  if (!env.TOTP_ENCRYPTION_KEY && env.DATABASE_URL && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  TOTP_ENCRYPTION_KEY: required with DATABASE_URL in production, the same on every ' +
        'process (e.g. `openssl rand -hex 32`); it encrypts two-factor secrets at rest',
    );
  }
  return env.TOTP_ENCRYPTION_KEY;
}

/** Like the TOTP key: every process must read what another encrypted, so production names the key. */
function messagesKey(env: Env): string | undefined {
  if (!env.MESSAGES_KEY && env.DATABASE_URL && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  MESSAGES_KEY: required with DATABASE_URL in production, the same on every ' +
        'process (e.g. `openssl rand -hex 32`); it encrypts private messages at rest',
    );
  }
  return env.MESSAGES_KEY;
}

/** METRICS_PORT serves /metrics, which needs its token. */
function metricsPort(env: Env): number | null {
  if (env.METRICS_PORT === undefined) return null;
  if (!env.METRICS_TOKEN) {
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT also needs METRICS_TOKEN (scrapers send it as a bearer token)',
    );
  }
  return env.METRICS_PORT;
}

/** LLM_BASE_URL needs LLM_MODEL; the loopback switch is for tests and never allowed in production. */
function linksConfig(env: Env): LinksConfig {
  if (env.LINK_FETCH_ALLOW_LOOPBACK && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  LINK_FETCH_ALLOW_LOOPBACK is for tests only and is refused when NODE_ENV=production',
    );
  }
  if (env.LINK_RETRY_DELAY_SECONDS !== undefined && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  LINK_RETRY_DELAY_SECONDS is for tests only and is refused when NODE_ENV=production',
    );
  }
  if (env.LLM_BASE_URL && !env.LLM_MODEL) {
    throw new ConfigError('Invalid configuration:\n  LLM_BASE_URL also needs LLM_MODEL');
  }
  return {
    fetchAllowLoopback: env.LINK_FETCH_ALLOW_LOOPBACK,
    fetchDeadlineMs: env.LINK_FETCH_DEADLINE_MS,
    ...(env.LINK_RETRY_DELAY_SECONDS !== undefined
      ? { retryDelaySeconds: env.LINK_RETRY_DELAY_SECONDS }
      : {}),
    llm: env.LLM_BASE_URL
      ? { baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''), apiKey: env.LLM_API_KEY, model: env.LLM_MODEL! }
      : null,
    safeBrowsing: env.SAFE_BROWSING_API_KEY
      ? { apiKey: env.SAFE_BROWSING_API_KEY, baseUrl: SAFE_BROWSING_BASE_URL }
      : null,
  };
}

/** EMBEDDINGS_BASE_URL needs EMBEDDINGS_MODEL (a vector is only comparable with its model's). */
function embeddingsConfig(env: Env): EmbeddingsConfig | null {
  if (!env.EMBEDDINGS_BASE_URL) {
    if (env.EMBEDDINGS_MODEL || env.EMBEDDINGS_API_KEY) {
      throw new ConfigError(
        'Invalid configuration:\n  EMBEDDINGS_MODEL and EMBEDDINGS_API_KEY need EMBEDDINGS_BASE_URL',
      );
    }
    return null;
  }
  if (!env.EMBEDDINGS_MODEL) {
    throw new ConfigError('Invalid configuration:\n  EMBEDDINGS_BASE_URL also needs EMBEDDINGS_MODEL');
  }
  return {
    baseUrl: env.EMBEDDINGS_BASE_URL.replace(/\/+$/, ''),
    apiKey: env.EMBEDDINGS_API_KEY,
    model: env.EMBEDDINGS_MODEL,
  };
}

/** STORAGE=s3 needs its bucket and credentials; the error names every one that is missing. */
function storageConfig(env: Env): StorageConfig {
  if (env.STORAGE === 'local') return { kind: 'local' };
  const missing = S3_REQUIRED.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  STORAGE=s3 also needs ${missing.join(', ')}`);
  }
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
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
