/**
 * The rest of income (issue 11):
 * - Remittances are posted to the ledger (bank debit, the store's receivable credit): `posted_fen` is what the
 *   ledger already holds for the row and `postings` counts its postings, so a changed amount posts the difference
 *   under the next key and the same amount again posts nothing.
 * - `royalty_bad_line`: how the SQL checks of a CSV copied as it is (csv-copy.ts) name a line that does not read.
 * - Multi-file DSR reports: each file of a report is kept as a part (`royalty_dsr_parts`) until the last arrives;
 *   the import of the report reads every part's lines, so the footer counts are checked across them.
 * - Bills read a summary per musician and accounting month (`royalty_bill_months`), kept in the posting
 *   transaction of every import, rematch and replacement, and an index made for a bill's detail.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE royalty_remittances ADD COLUMN posted_fen bigint NOT NULL DEFAULT 0,
      ADD COLUMN postings integer NOT NULL DEFAULT 0;

    -- A million-line report checked this foreign key once per line (a tenth of the import's time); the lines are
    -- written only by the posting of their import, whose row it holds locked.
    ALTER TABLE royalty_lines DROP CONSTRAINT royalty_lines_import_id_fkey;

    -- A statement's cell that does not read, checked in SQL (csv-copy.ts): raises naming the line.
    CREATE FUNCTION royalty_bad_line(line bigint, problem text) RETURNS text LANGUAGE plpgsql VOLATILE AS $fn$
    BEGIN
      RAISE EXCEPTION USING ERRCODE = 'TL001', MESSAGE = 'line ' || line || ': ' || problem;
    END
    $fn$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP FUNCTION royalty_bad_line(bigint, text);
    ALTER TABLE royalty_lines ADD CONSTRAINT royalty_lines_import_id_fkey FOREIGN KEY (import_id) REFERENCES royalty_imports(id);
    ALTER TABLE royalty_remittances DROP COLUMN posted_fen, DROP COLUMN postings;
  `.execute(db);
}
