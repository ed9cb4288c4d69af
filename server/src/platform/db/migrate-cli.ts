/** `npm run migrate`: brings DATABASE_URL (or the embedded PostgreSQL under DATA_DIR) to the latest migration. */
import { loadConfig } from '../../config';
import { installJobSchema } from '../jobs/schema';
import { connectDatabase } from './database';
import { startEmbeddedPostgres } from './embedded';
import { migrateToLatest } from './migrator';

const config = loadConfig();
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, () => undefined);
const database = connectDatabase(config.databaseUrl ?? embedded!.url, 2, () => undefined);
try {
  const applied = await migrateToLatest(database.db as never);
  await installJobSchema(config.databaseUrl ?? embedded!.url, config.logLevel);
  process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Already up to date.\n');
} finally {
  await database.close();
  await embedded?.stop();
}
