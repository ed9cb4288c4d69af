/**
 * Environment → typed config, validated once, in one place. Nothing else reads process.env.
 * Every setting is described in the README's settings table.
 */
import path from 'node:path';
import { z } from 'zod';

const GiB = 1024 ** 3;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const aliasList = z.string().transform((value, ctx) => {
  const map = new Map<string, string>();
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [from, to] = pair.split('=').map((s) => s?.trim().toLowerCase());
    if (!from || !to) {
      ctx.addIssue({ code: 'custom', message: `"${pair}" is not host=domain` });
      return z.NEVER;
    }
    map.set(from, to);
  }
  return map;
});

const deliveryCredentials = z.record(
  z.string(),
  z.object({ password: z.string().min(1).optional(), privateKey: z.string().min(1).optional() }).strict(),
);

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SMS_PROVIDER: z.enum(['console']).default('console'),
  PUBLIC_BASE_URL: z
    .url()
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  AGENT_DOMAIN_ALIASES: aliasList.default(new Map()),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  TRUST_PROXY: bool.default(false),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PUBLIC_URL: z
    .url()
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  USER_STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .default(20 * GiB),
  UPLOAD_MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .max(1024 * GiB)
    .default(2 * GiB),
  // Private files (a musician's audio, signed letters, work-order attachments) are read through links that expire.
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(604_800).default(3600),
  JOBS_IN_PROCESS: bool.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  IMPORT_COPY_STREAMS: z.coerce.number().int().min(1).max(8).default(2),
  UPLOAD_STAGING_DIR: z.string().min(1).optional(),
  RELEASE_LEAD_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  // Placeholders (README): replace with the registrant code and GS1 company prefix the service was allotted.
  ISRC_REGISTRANT_PREFIX: z
    .string()
    .transform((v) => v.replace(/-/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}[A-Z0-9]{3}$/, 'must be a country code and a 3-character registrant code'))
    .default('CNA12'),
  UPC_COMPANY_PREFIX: z
    .string()
    .regex(/^\d{6,11}$/, 'must be 6–11 digits')
    .default('0888888'),
  UPC_CODE_LENGTH: z.enum(['12', '13']).transform(Number).default(12),
  // Delivery to stores (modules/distribution). The sender DPID is a placeholder until DDEX allots the service one.
  DELIVERY_SENDER_DPID: z
    .string()
    .regex(/^PADPIDA[a-zA-Z0-9]+$/, 'must be a DDEX party id (PADPIDA…)')
    .default('PADPIDATRACKLINEDEMO'),
  DELIVERY_SENDER_NAME: z.string().min(1).max(200).default('Trackline Music'),
  DELIVERY_DIR: z.string().min(1).optional(),
  DELIVERY_CREDENTIALS: z
    .string()
    .transform((value, ctx) => {
      try {
        return deliveryCredentials.parse(JSON.parse(value));
      } catch {
        // never echo the value: it holds secrets
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object of { password?, privateKey? } by name' });
        return z.NEVER;
      }
    })
    .default({}),
  DELIVERY_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(15).default(3),
  // Withdrawals (issue 12), amounts in fen.
  WITHDRAW_MIN_FEN: z.coerce.number().int().min(1).default(10_000),
  WITHDRAW_MONTHLY_CAP_FEN: z.coerce.number().int().min(1).default(5_000_000),
  WITHDRAW_FEE_FEN: z.coerce.number().int().min(0).default(100),
  WITHDRAW_SECOND_APPROVAL_FEN: z.coerce.number().int().min(1).default(2_000_000),
  WITHDRAW_CARD_CHANGE_HOLD_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  PAYOUT_PROVIDER: z.enum(['devlog', 'bankfile']).default('devlog'),
  PAYOUT_CALLBACK_SECRET: z.string().min(16).optional(),
  PAYOUT_DEV_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  // Real names (modules/realname): the verification provider, its callback's secret, the ID numbers' key.
  IDENTITY_PROVIDER: z.enum(['dev', 'http']).default('dev'),
  IDENTITY_PROVIDER_URL: z.url().optional(),
  IDENTITY_CALLBACK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  IDENTITY_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (a 256-bit key)')
    .optional(),
});

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof schema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    dbPoolMax: env.DB_POOL_MAX,
    adminPassword: env.ADMIN_PASSWORD,
    smsProvider: env.SMS_PROVIDER,
    publicBaseUrl: env.PUBLIC_BASE_URL,
    agentDomainAliases: env.AGENT_DOMAIN_ALIASES,
    redisUrl: env.REDIS_URL,
    sessionIdleMs: env.SESSION_IDLE_DAYS * 86_400_000,
    sessionCacheMs: env.SESSION_CACHE_SECONDS * 1000,
    trustProxy: env.TRUST_PROXY,
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    webDist: path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    filesDir: path.join(dataDir, 'files'),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          // MinIO, s3rver and most self-hosted stores want path-style addressing; AWS and OSS do not need it.
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
          publicUrl: env.S3_PUBLIC_URL,
        }
      : undefined,
    userStorageQuotaBytes: env.USER_STORAGE_QUOTA_BYTES,
    uploadMediaMaxBytes: env.UPLOAD_MEDIA_MAX_BYTES,
    // How long a signed link to a private file works (S3 presigned GETs allow at most 7 days).
    fileUrlTtlSeconds: env.FILE_URL_TTL_SECONDS,
    // Background jobs (platform/jobs): run inside this server process, and how many at once per process.
    jobsInProcess: env.JOBS_IN_PROCESS,
    workerConcurrency: env.WORKER_CONCURRENCY,
    // A store report of 16 MiB or more is copied in this many chunks at once, over as many database connections.
    importCopyStreams: env.IMPORT_COPY_STREAMS,
    // Resumable uploads are received here before they are checked and moved into storage. On the files' own disk
    // by default, so that move is a rename; several instances need it on a volume they share.
    uploadStagingDir: path.resolve(env.UPLOAD_STAGING_DIR ?? path.join(dataDir, 'uploads')),
    // The earliest release date a work may choose: today (Asia/Shanghai) plus this many days, for the stores' lead time.
    releaseLeadDays: env.RELEASE_LEAD_DAYS,
    // Codes assigned at final approval when the musician supplied none (modules/works/identifier-assignment.ts).
    identifiers: {
      isrcPrefix: env.ISRC_REGISTRANT_PREFIX,
      upcPrefix: env.UPC_COMPANY_PREFIX,
      upcLength: env.UPC_CODE_LENGTH as 12 | 13,
    },
    // On SIGTERM: how long requests (on kept-alive connections too) get 503 + Connection: close before the server
    // closes its connections (platform/http/draining.ts). Within main.ts's 20 s limit for the whole stop.
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    identity: {
      provider: env.IDENTITY_PROVIDER,
      providerUrl: env.IDENTITY_PROVIDER_URL,
      // Unset: derived from the server-wide secret in the settings table (modules/realname/identity-crypto.ts).
      callbackSecret: env.IDENTITY_CALLBACK_SECRET,
      encryptionKey: env.IDENTITY_ENCRYPTION_KEY,
    },
    delivery: {
      sender: { dpid: env.DELIVERY_SENDER_DPID, name: env.DELIVERY_SENDER_NAME },
      // Local-folder stores write under here; a store's address is a folder relative to it.
      dir: path.resolve(env.DELIVERY_DIR ?? path.join(dataDir, 'delivery')),
      credentials: env.DELIVERY_CREDENTIALS,
      pollMs: env.DELIVERY_POLL_SECONDS * 1000,
    },
    // Withdrawals (modules/withdrawals): limits, the fee, maker–checker, the card-change wait and the payout rail.
    withdrawals: {
      minFen: BigInt(env.WITHDRAW_MIN_FEN),
      monthlyCapFen: BigInt(env.WITHDRAW_MONTHLY_CAP_FEN),
      feeFen: BigInt(env.WITHDRAW_FEE_FEN),
      secondApprovalFen: BigInt(env.WITHDRAW_SECOND_APPROVAL_FEN),
      cardChangeHoldMs: env.WITHDRAW_CARD_CHANGE_HOLD_HOURS * 3_600_000,
      provider: env.PAYOUT_PROVIDER,
      callbackSecret: env.PAYOUT_CALLBACK_SECRET,
      devDelayMs: env.PAYOUT_DEV_DELAY_SECONDS * 1000,
    },
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the settings; an empty string counts as unset. Throws ConfigError naming every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = schema.safeParse(input);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  if (input.S3_BUCKET && !input.S3_ACCESS_KEY_ID) problems.push('S3_ACCESS_KEY_ID: required when S3_BUCKET is set');
  if (input.S3_BUCKET && !input.S3_SECRET_ACCESS_KEY)
    problems.push('S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set');
  if (input.IDENTITY_PROVIDER === 'http' && !input.IDENTITY_PROVIDER_URL)
    problems.push('IDENTITY_PROVIDER_URL: required when IDENTITY_PROVIDER is http');
  if (input.IDENTITY_PROVIDER === 'http' && !input.IDENTITY_CALLBACK_SECRET)
    problems.push('IDENTITY_CALLBACK_SECRET: required when IDENTITY_PROVIDER is http');
  if (parsed.success && parsed.data.UPC_COMPANY_PREFIX.length > parsed.data.UPC_CODE_LENGTH - 2)
    problems.push(`UPC_COMPANY_PREFIX: leaves no room for item numbers in ${parsed.data.UPC_CODE_LENGTH}-digit codes`);
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  return toConfig(parsed.data);
}
