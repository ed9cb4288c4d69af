/**
 * Import speed (issue 11, bench/import): writing a million lines to royalty_lines spent about as long on its
 * indexes and its sequence as on the rows (measured: 11.7 s with the primary key and nextval per line, 4.3 s
 * without). A line's id is now made from its place, `import_id × 2³² + line_no` (unique by construction: an
 * import's lines are numbered by the file), so no sequence is called per line; the primary key's btree over
 * every line goes, and the only lookups by id (the unmatched queue: list, lock, match or dismiss) use a unique
 * index over the unmatched lines alone. A block-range index on id finds any line for a look by hand.
 * Ids stay below 2⁵³ (JavaScript numbers) for the first 2,097,151 imports.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE royalty_lines DROP CONSTRAINT royalty_lines_pkey;
    DROP INDEX royalty_lines_unmatched;
    CREATE UNIQUE INDEX royalty_lines_unmatched ON royalty_lines (id) WHERE match_state = 'unmatched';
    CREATE INDEX royalty_lines_id ON royalty_lines USING brin (id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX royalty_lines_id;
    DROP INDEX royalty_lines_unmatched;
    CREATE INDEX royalty_lines_unmatched ON royalty_lines (import_id) WHERE match_state = 'unmatched';
    ALTER TABLE royalty_lines ADD PRIMARY KEY (id);
  `.execute(db);
}
