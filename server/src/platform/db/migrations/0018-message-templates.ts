/**
 * System messages in the reader's language (issue 9): a message keeps the template it was made from and its
 * parameters, and is rendered on read in the reader's language (contract/src/message-templates.ts). Rows stored
 * before have neither and are shown as they were written (title and content, which templated rows also keep, in
 * zh-CN, for the console and for a template a later version drops).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE messages ADD COLUMN template text, ADD COLUMN params jsonb;
    ALTER TABLE messages ADD CONSTRAINT messages_template_params CHECK ((template IS NULL) = (params IS NULL));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages DROP CONSTRAINT messages_template_params, DROP COLUMN template, DROP COLUMN params`.execute(
    db,
  );
}
