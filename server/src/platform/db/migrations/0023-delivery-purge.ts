/**
 * Permanent removal at a store (issue 13): a PurgeReleaseMessage an admin sends, after a takedown, to each store
 * whose rule pack accepts one. delivery_messages.state gains 'purged': the purge reached the store (a store that
 * confirms nothing) or the store accepted it (FileOK). Nothing else changes; a purge is a delivery message like the
 * others (action 'purge' existed since 0013), its XML and hash kept immutable.
 */
import { type Kysely, sql } from 'kysely';

const STATES = `('queued', 'built', 'validated', 'uploading', 'delivered', 'acknowledged', 'live', 'failed',
  'taken_down', 'superseded'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE delivery_messages DROP CONSTRAINT delivery_messages_state_check,
      ADD CONSTRAINT delivery_messages_state_check CHECK (state IN ${sql.raw(`${STATES}, 'purged')`)});
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE delivery_messages SET state = 'taken_down' WHERE state = 'purged';
    ALTER TABLE delivery_messages DROP CONSTRAINT delivery_messages_state_check,
      ADD CONSTRAINT delivery_messages_state_check CHECK (state IN ${sql.raw(`${STATES})`)});
  `.execute(db);
}
