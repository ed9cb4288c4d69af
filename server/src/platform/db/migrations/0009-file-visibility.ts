/**
 * Private files (issue 8): every user file records who may read it by URL. 'private' (the default: audio, video,
 * lyrics, work-order attachments, and every later kind such as identity documents and statements) is read only
 * through short-lived signed links minted for its owner or the staff whose role needs it; 'public' is served to
 * anyone at /files/<key>, which today is a work's cover once it is attached. Files under users/ without a row
 * (signed letters, signatures) are private too.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE user_files
      ADD COLUMN visibility text NOT NULL DEFAULT 'private' CHECK (visibility IN ('public', 'private'));
    UPDATE user_files SET visibility = 'public'
      WHERE id IN (SELECT file_id FROM work_materials WHERE kind = 'cover');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE user_files DROP COLUMN visibility`.execute(db);
}
