/**
 * graphile-worker keeps its queue in a schema of its own (graphile_worker.*), which it installs and upgrades itself.
 * This runs with our migrations (boot.ts, `npm run migrate`, the tests' template database), so the schema is
 * there before anything enqueues; when it is up to date it costs one query.
 */
import { runMigrations } from 'graphile-worker';
import type { Config } from '../../config';
import { workerLogger } from './log';

export async function installJobSchema(databaseUrl: string, logLevel: Config['logLevel']): Promise<void> {
  await runMigrations({ connectionString: databaseUrl, maxPoolSize: 1, logger: workerLogger(logLevel) });
}
