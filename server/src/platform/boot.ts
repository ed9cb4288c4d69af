/** Builds the Deps from a config and a database URL: used by main.ts, the migrate command and the tests. */
import { createHash } from 'node:crypto';
import type { Config } from '../config';
import { connectDatabase } from './db/database';
import { migrateToLatest } from './db/migrator';
import { serverSecret } from './db/settings';
import type { Deps } from './deps';
import { SessionCache } from './http/session-cache';
import { attachSessionCache } from './http/sessions';
import { jobQueue } from './jobs/queue';
import { installJobSchema } from './jobs/schema';
import { postgresRateLimiter, redisRateLimiter } from './security/rate-limiter';
import { smsProviderFor } from './sms/sms-provider';
import { fileSigningKey } from './storage/file-signature';
import { s3Storage } from './storage/s3-storage';
import { localDiskStorage } from './storage/storage';

export async function createDeps(
  config: Config,
  databaseUrl: string,
  onPoolError: (err: Error) => void = () => undefined,
): Promise<Deps> {
  const filesPrefix = `${config.publicBaseUrl ?? ''}/files/`;
  const database = connectDatabase(databaseUrl, config.dbPoolMax, onPoolError);
  await migrateToLatest(database.db as never);
  await installJobSchema(databaseUrl, config.logLevel);
  const sessionCache = new SessionCache(config.sessionCacheMs, (msg) => onPoolError(new Error(msg)));
  await sessionCache.listen(databaseUrl);
  attachSessionCache(database.db, sessionCache);
  const secret = await serverSecret(database.db);
  // The database's own name for its Redis counters: derived from its secret, so it never reveals it.
  const limiterNamespace = createHash('sha256').update(`rate-limits:${secret}`).digest('base64url').slice(0, 16);
  return {
    sessionCache,
    config,
    jobs: jobQueue(database.db),
    database,
    limiter: config.redisUrl ? redisRateLimiter(config.redisUrl, limiterNamespace) : postgresRateLimiter(database.db),
    sms: smsProviderFor(config.smsProvider),
    storage: config.s3
      ? s3Storage(config.s3, filesPrefix)
      : localDiskStorage(config.filesDir, filesPrefix, fileSigningKey(secret)),
    secret,
  };
}

export async function closeDeps(deps: Deps): Promise<void> {
  await deps.sessionCache.close();
  await deps.limiter.close();
  await deps.database.close();
}
