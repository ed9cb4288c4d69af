/** Ordered TypeScript migrations, run at start and by `npm run migrate`. */
import { type Kysely, type Migration, Migrator } from 'kysely';
import * as foundation from './migrations/0001-foundation';
import * as content from './migrations/0002-content';
import * as workorders from './migrations/0003-workorders';
import * as contentConsole from './migrations/0004-content-console';
import * as storageMedia from './migrations/0005-storage-media';
import * as works from './migrations/0006-works';
import * as slidingLimits from './migrations/0008-sliding-limits';
import * as fileVisibility from './migrations/0009-file-visibility';
import * as realname from './migrations/0010-realname';
import * as royalties from './migrations/0011-royalties';
import * as withdrawals from './migrations/0012-withdrawals';
import * as distribution from './migrations/0013-distribution';
import * as covers from './migrations/0014-covers';
import * as accountCentre from './migrations/0015-account-centre';
import * as idempotency from './migrations/0016-idempotency';
import * as incomeRest from './migrations/0017-income-rest';
import * as messageTemplates from './migrations/0018-message-templates';
import * as importSpeed from './migrations/0021-import-speed';
import * as importPartitions from './migrations/0022-import-partitions';
import * as deliveryPurge from './migrations/0023-delivery-purge';
import * as importSums from './migrations/0024-import-sums';
import * as importKeySums from './migrations/0025-import-key-sums';

export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-content': content,
  '0003-workorders': workorders,
  '0004-content-console': contentConsole,
  '0005-storage-media': storageMedia,
  '0006-works': works,
  '0008-sliding-limits': slidingLimits,
  '0009-file-visibility': fileVisibility,
  '0010-realname': realname,
  '0011-royalties': royalties,
  '0012-withdrawals': withdrawals,
  '0013-distribution': distribution,
  '0014-covers': covers,
  '0015-account-centre': accountCentre,
  '0016-idempotency': idempotency,
  '0017-income-rest': incomeRest,
  '0018-message-templates': messageTemplates,
  '0021-import-speed': importSpeed,
  '0022-import-partitions': importPartitions,
  '0023-delivery-purge': deliveryPurge,
  '0024-import-sums': importSums,
  '0025-import-key-sums': importKeySums,
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  // Numbers are handed out per piece of work, so a migration can arrive with a number below one a database has
  // already run (0008 after 0013): it runs then, in its turn among the pending ones. Migrations touch their own tables.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
