import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('file settings', () => {
  it('defaults to local storage, 25 MB uploads and a 1 GiB quota', () => {
    const config = loadConfig({});
    expect(config.storage).toEqual({ kind: 'local' });
    expect(config.uploadMaxBytes).toBe(26_214_400);
    expect(config.uploadQuotaBytes).toBe(1_073_741_824);
    expect(config.filesSigningKey).toBeUndefined();
  });

  it('names every S3 setting missing when STORAGE=s3', () => {
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n  STORAGE=s3 also needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
      ),
    );
  });

  it('reads an S3 store; path-style by default for a custom endpoint only', () => {
    const base = { STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(base).storage).toEqual({
      kind: 's3',
      endpoint: undefined,
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    const custom = loadConfig({ ...base, S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-west-3' });
    expect(custom.storage).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'eu-west-3',
      forcePathStyle: true,
    });
    expect(
      loadConfig({ ...base, S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'false' }).storage,
    ).toMatchObject({
      forcePathStyle: false,
    });
  });

  it('refuses bad values with a message naming them', () => {
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: '-1' })).toThrow(/UPLOAD_MAX_BYTES/);
    expect(() => loadConfig({ UPLOAD_QUOTA_BYTES: 'lots' })).toThrow(/UPLOAD_QUOTA_BYTES/);
    expect(() => loadConfig({ FILES_SIGNING_KEY: 'short' })).toThrow(
      /FILES_SIGNING_KEY: must be at least 32/,
    );
    expect(() => loadConfig({ MAIL_UNSUBSCRIBE_SECRET: 'short' })).toThrow(
      /MAIL_UNSUBSCRIBE_SECRET: must be at least 32/,
    );
    expect(loadConfig({ MAIL_UNSUBSCRIBE_SECRET: 'x'.repeat(32) }).mailUnsubscribeSecret).toBe(
      'x'.repeat(32),
    );
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

describe('TRUST_PROXY: which hops may name the client address', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a number of hops, or the addresses and CIDR ranges of the proxies', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
  });

  it('refuses `true` (every hop trusted lets clients forge their address) and says what to write', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*TRUST_PROXY=1.*127\.0\.0\.1/s);
  });

  it('refuses addresses that are not IPs or CIDR ranges', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(ConfigError);
  });
});

describe('link reading settings', () => {
  it('defaults to the offline summariser, local safety rules and no loopback fetches', () => {
    expect(loadConfig({}).links).toEqual({
      fetchAllowLoopback: false,
      fetchDeadlineMs: 15_000,
      llm: null,
      safeBrowsing: null,
    });
  });

  it('reads the chat model and Safe Browsing key', () => {
    const config = loadConfig({
      LLM_BASE_URL: 'http://llm.internal:8080/v1/',
      LLM_API_KEY: 'secret',
      LLM_MODEL: 'small-model',
      SAFE_BROWSING_API_KEY: 'sb-key',
    });
    expect(config.links).toEqual({
      fetchAllowLoopback: false,
      fetchDeadlineMs: 15_000,
      llm: { baseUrl: 'http://llm.internal:8080/v1', apiKey: 'secret', model: 'small-model' },
      safeBrowsing: { apiKey: 'sb-key', baseUrl: 'https://safebrowsing.googleapis.com' },
    });
  });

  it('needs LLM_MODEL with LLM_BASE_URL, and a URL there', () => {
    expect(() => loadConfig({ LLM_BASE_URL: 'http://llm.internal/v1' })).toThrow(
      new ConfigError('Invalid configuration:\n  LLM_BASE_URL also needs LLM_MODEL'),
    );
    expect(() => loadConfig({ LLM_BASE_URL: 'not a url', LLM_MODEL: 'm' })).toThrow(/LLM_BASE_URL/);
  });

  it('allows the loopback test switch in tests and development, and refuses it in production', () => {
    expect(loadConfig({ NODE_ENV: 'test', LINK_FETCH_ALLOW_LOOPBACK: 'true' }).links.fetchAllowLoopback).toBe(
      true,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', LINK_FETCH_ALLOW_LOOPBACK: 'true' })).toThrow(
      /LINK_FETCH_ALLOW_LOOPBACK is for tests only/,
    );
    expect(() => loadConfig({ LINK_FETCH_ALLOW_LOOPBACK: 'yes' })).toThrow(/LINK_FETCH_ALLOW_LOOPBACK/);
  });

  it('takes the VAPID pair whole or not at all, checks its keys, and refuses the push loopback switch in production', () => {
    const publicKey = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    const privateKey = Buffer.alloc(32, 9).toString('base64url');
    expect(loadConfig({}).push).toEqual({
      vapidKeys: null,
      subject: 'mailto:privacy@hearth.local',
      allowLoopback: false,
    });
    expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).push.vapidKeys).toEqual(
      {
        publicKey,
        privateKey,
      },
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/set both .* or neither/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: privateKey })).toThrow(/set both .* or neither/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: privateKey, VAPID_PRIVATE_KEY: privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: must be a base64url P-256 public key/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'not a key!' })).toThrow(
      /VAPID_PRIVATE_KEY: must be/,
    );
    expect(loadConfig({ VAPID_SUBJECT: 'https://hearth.example' }).push.subject).toBe(
      'https://hearth.example',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'hearth' })).toThrow(/VAPID_SUBJECT: must be a mailto:/);
    expect(loadConfig({ NODE_ENV: 'test', PUSH_ALLOW_LOOPBACK: 'true' }).push.allowLoopback).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_ALLOW_LOOPBACK: 'true' })).toThrow(
      /PUSH_ALLOW_LOOPBACK is for tests only/,
    );
  });

  it('reads the fetch deadline (1 s to 60 s) and, outside production, the retry delay', () => {
    expect(loadConfig({ LINK_FETCH_DEADLINE_MS: '2500' }).links.fetchDeadlineMs).toBe(2500);
    expect(
      loadConfig({ NODE_ENV: 'production', LINK_FETCH_DEADLINE_MS: '30000' }).links.fetchDeadlineMs,
    ).toBe(30_000);
    for (const bad of ['999', '60001', '1.5', 'soon']) {
      expect(() => loadConfig({ LINK_FETCH_DEADLINE_MS: bad })).toThrow(/LINK_FETCH_DEADLINE_MS/);
    }
    expect(loadConfig({}).links.retryDelaySeconds).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', LINK_RETRY_DELAY_SECONDS: '1' }).links.retryDelaySeconds).toBe(1);
    expect(() => loadConfig({ LINK_RETRY_DELAY_SECONDS: '0' })).toThrow(/LINK_RETRY_DELAY_SECONDS/);
    expect(() => loadConfig({ NODE_ENV: 'production', LINK_RETRY_DELAY_SECONDS: '1' })).toThrow(
      /LINK_RETRY_DELAY_SECONDS is for tests only/,
    );
  });
});

describe('image caption settings', () => {
  it('has no vision model by default, and reads one with its address and key', () => {
    expect(loadConfig({}).vision).toBeNull();
    expect(
      loadConfig({
        VISION_BASE_URL: 'http://vision.internal/v1/',
        VISION_API_KEY: 'k',
        VISION_MODEL: 'see-1',
      }).vision,
    ).toEqual({ baseUrl: 'http://vision.internal/v1', apiKey: 'k', model: 'see-1' });
  });

  it('needs VISION_MODEL with VISION_BASE_URL, and the address with a model or key', () => {
    expect(() => loadConfig({ VISION_BASE_URL: 'http://vision.internal/v1' })).toThrow(
      new ConfigError('Invalid configuration:\n  VISION_BASE_URL also needs VISION_MODEL'),
    );
    expect(() => loadConfig({ VISION_MODEL: 'see-1' })).toThrow(
      /VISION_MODEL and VISION_API_KEY need VISION_BASE_URL/,
    );
  });
});

describe('two-factor secret key', () => {
  const postgres = { DATABASE_URL: 'postgres://hearth@db/hearth' };

  it('is generated in DATA_DIR when unset in embedded mode and in tests', () => {
    expect(loadConfig({}).totpEncryptionKey).toBeUndefined();
    expect(loadConfig({ ...postgres, NODE_ENV: 'test' }).totpEncryptionKey).toBeUndefined();
  });

  it('must be given in production with DATABASE_URL, where processes share no folder', () => {
    expect(() => loadConfig({ ...postgres, NODE_ENV: 'production' })).toThrow(
      /TOTP_ENCRYPTION_KEY: required/,
    );
    const key = 'k'.repeat(32);
    expect(
      loadConfig({ ...postgres, NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: key, MESSAGES_KEY: key })
        .totpEncryptionKey,
    ).toBe(key);
  });

  it('refuses a short key', () => {
    expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: 'short' })).toThrow(
      /TOTP_ENCRYPTION_KEY: must be at least 32/,
    );
  });
});

describe('private messages key', () => {
  const postgres = { DATABASE_URL: 'postgres://hearth@db/hearth' };
  const key = 'k'.repeat(32);

  it('is generated in DATA_DIR when unset in embedded mode and in tests', () => {
    expect(loadConfig({}).messagesKey).toBeUndefined();
    expect(loadConfig({ ...postgres, NODE_ENV: 'test' }).messagesKey).toBeUndefined();
  });

  it('must be given in production with DATABASE_URL, and refuses a short key', () => {
    expect(() => loadConfig({ ...postgres, NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: key })).toThrow(
      /MESSAGES_KEY: required/,
    );
    expect(
      loadConfig({ ...postgres, NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: key, MESSAGES_KEY: key })
        .messagesKey,
    ).toBe(key);
    expect(() => loadConfig({ MESSAGES_KEY: 'short' })).toThrow(/MESSAGES_KEY: must be at least 32/);
  });
});

describe('METRICS_TOKEN: the bearer token of GET /metrics', () => {
  it('leaves /metrics off when unset or blank', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
  });

  it('takes a long token and refuses a short one or one with spaces, saying why', () => {
    const token = 'a'.repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: `${token} ${token}` })).toThrow(
      /METRICS_TOKEN: must not contain spaces/,
    );
  });
  it('takes METRICS_PORT (worker-only /metrics) only with a token and a valid port', () => {
    const token = 'a'.repeat(32);
    expect(loadConfig({}).metricsPort).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadConfig({ METRICS_PORT: '9464' })).toThrow(/METRICS_PORT also needs METRICS_TOKEN/);
    for (const bad of ['0', '65536', 'http', '94.5']) {
      expect(() => loadConfig({ METRICS_TOKEN: token, METRICS_PORT: bad })).toThrow(/METRICS_PORT/);
    }
  });
});

describe('FFMPEG_PATH and FFPROBE_PATH: the video tools', () => {
  it('are unset by default (looked for on PATH when a video is read)', () => {
    expect(loadConfig({}).video).toEqual({ ffmpegPath: undefined, ffprobePath: undefined });
  });

  it('take executable files, ffprobe beside ffmpeg unless named', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-ffmpeg-path-'));
    try {
      const ffmpeg = path.join(dir, 'ffmpeg');
      fs.writeFileSync(ffmpeg, '#!/bin/sh\n', { mode: 0o755 });
      expect(loadConfig({ FFMPEG_PATH: ffmpeg, FFPROBE_PATH: '/bin/true' }).video).toEqual({
        ffmpegPath: ffmpeg,
        ffprobePath: '/bin/true',
      });
      expect(() => loadConfig({ FFMPEG_PATH: ffmpeg })).toThrow(
        new ConfigError(
          `Invalid configuration:\n  FFMPEG_PATH: no executable ffprobe beside it (${dir}/ffprobe); set FFPROBE_PATH`,
        ),
      );
      fs.writeFileSync(path.join(dir, 'ffprobe'), '#!/bin/sh\n', { mode: 0o755 });
      expect(loadConfig({ FFMPEG_PATH: ffmpeg }).video.ffprobePath).toBe(path.join(dir, 'ffprobe'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuse a path that is not an executable file, saying how to install ffmpeg', () => {
    expect(() => loadConfig({ FFMPEG_PATH: '/nowhere/ffmpeg', FFPROBE_PATH: '/etc/os-release' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n' +
          "  FFMPEG_PATH: /nowhere/ffmpeg is not an executable file; install Debian's ffmpeg (apt-get install ffmpeg), or unset it to look on PATH\n" +
          "  FFPROBE_PATH: /etc/os-release is not an executable file; install Debian's ffmpeg (apt-get install ffmpeg), or unset it to look on PATH",
      ),
    );
  });
});

describe('replies by email', () => {
  it('listens on 2525 at HOST and takes reply addresses at the public host by default', () => {
    const config = loadConfig({ HOST: '127.0.0.1', PUBLIC_ORIGIN: 'https://Family.Example.org' });
    expect(config.inboundMail).toEqual({
      replyDomain: 'family.example.org',
      replySecret: undefined,
      smtp: { port: 2525, host: '127.0.0.1' },
      authservId: null,
    });
  });

  it('turns the listener off, or moves it, and names its own reply domain', () => {
    expect(loadConfig({ INBOUND_SMTP_PORT: 'off' }).inboundMail.smtp).toBeNull();
    const config = loadConfig({
      INBOUND_SMTP_PORT: '25',
      INBOUND_SMTP_HOST: '::',
      REPLY_EMAIL_DOMAIN: 'reply.example.org',
      INBOUND_AUTHSERV_ID: 'mx.example.org',
    });
    expect(config.inboundMail).toMatchObject({
      replyDomain: 'reply.example.org',
      smtp: { port: 25, host: '::' },
      authservId: 'mx.example.org',
    });
  });

  it('refuses a port that is no port, a domain with a scheme, and a short secret', () => {
    expect(() => loadConfig({ INBOUND_SMTP_PORT: '70000' })).toThrow(
      'INBOUND_SMTP_PORT: takes a port (1-65535) or `off`',
    );
    expect(() => loadConfig({ INBOUND_SMTP_PORT: 'no' })).toThrow('INBOUND_SMTP_PORT');
    expect(() => loadConfig({ REPLY_EMAIL_DOMAIN: 'https://example.org' })).toThrow(
      'REPLY_EMAIL_DOMAIN: must be a domain name',
    );
    expect(() => loadConfig({ MAIL_REPLY_SECRET: 'short' })).toThrow('MAIL_REPLY_SECRET');
  });
});

describe('memory settings (ADR 053)', () => {
  it('bound the heap at 256 MB with 4 MB young halves, the kept answers and PGlite buffers at 32 MB by default', () => {
    expect(loadConfig({}).memory).toEqual({
      heapMaxMb: 256,
      semiSpaceMb: 4,
      keptReadsMaxBytes: 32 * 1024 * 1024,
      pgliteSharedBuffersMb: 32,
    });
    const chosen = { HEAP_MAX_MB: '512', KEPT_READS_MAX_MB: '100', PGLITE_SHARED_BUFFERS_MB: '128' };
    expect(loadConfig(chosen).memory).toEqual({
      heapMaxMb: 512,
      semiSpaceMb: 4,
      keptReadsMaxBytes: 100 * 1024 * 1024,
      pgliteSharedBuffersMb: 128,
    });
  });

  it('refuse a heap too small for the kept answers and the rest, saying what is enough', () => {
    expect(() => loadConfig({ HEAP_MAX_MB: '200', KEPT_READS_MAX_MB: '100' })).toThrow(
      new ConfigError(
        "Invalid configuration:\n  HEAP_MAX_MB: 200 is less than the kept answers' 100 MB (KEPT_READS_MAX_MB) and 128 MB for the rest; set it to 228 or more",
      ),
    );
    expect(() => loadConfig({ HEAP_MAX_MB: 'lots' })).toThrow(/HEAP_MAX_MB/);
    expect(() => loadConfig({ KEPT_READS_MAX_MB: '0' })).toThrow(/KEPT_READS_MAX_MB/);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: '0.5' })).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
  });
});
