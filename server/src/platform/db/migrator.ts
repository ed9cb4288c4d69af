/** Ordered TypeScript migrations, run at start and by `npm run migrate`. */
import { type Kysely, type Migration, Migrator } from 'kysely';
import * as foundation from './migrations/0001-foundation';
import * as content from './migrations/0002-content';

const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-content': content,
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
