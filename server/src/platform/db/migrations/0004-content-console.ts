/**
 * The staff content console: a site's download settings also hold the QR images of its phone apps, so content
 * staff can change what the download page shows without touching the site configuration (which only admins edit).
 * Empty means "use the site's own QR images" (agents.qr_ios / qr_android), as before this migration.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE download_configs
      ADD COLUMN qr_ios text NOT NULL DEFAULT '',
      ADD COLUMN qr_android text NOT NULL DEFAULT '';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE download_configs DROP COLUMN qr_ios, DROP COLUMN qr_android`.execute(db);
}
