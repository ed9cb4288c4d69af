/**
 * The rest of income (issue 11):
 * - Remittances are posted to the ledger (bank debit, the store's receivable credit): `posted_fen` is what the
 *   ledger already holds for the row and `postings` counts its postings, so a changed amount posts the difference
 *   under the next key and the same amount again posts nothing.
 * - `royalty_bad_line`: how the SQL checks of a CSV copied as it is (csv-copy.ts) name a line that does not read.
 * - Multi-file DSR reports: each file is an import row kept as a 'part' until the last file arrives; that
 *   import reads all the files as one report, so the footer counts are checked across them.
 * - royalty_lines loses its per-line foreign key to royalty_imports and its unique (import_id, line_no) btree (see
 *   below): they were two fifths of writing a line.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE royalty_remittances ADD COLUMN posted_fen bigint NOT NULL DEFAULT 0,
      ADD COLUMN postings integer NOT NULL DEFAULT 0;

    -- Multi-file DSR reports: each file is an import row; the files wait as 'part' until the last arrives, whose
    -- import reads them all as one report and posts it ('part' rows then point at it by part_of). A message is
    -- unique per file: the same (sender, MessageId, FileNumber) again is refused.
    ALTER TABLE royalty_imports ADD COLUMN file_number integer NOT NULL DEFAULT 1,
      ADD COLUMN number_of_files integer NOT NULL DEFAULT 1,
      ADD COLUMN part_of bigint REFERENCES royalty_imports(id);
    ALTER TABLE royalty_imports DROP CONSTRAINT royalty_imports_state_check;
    ALTER TABLE royalty_imports ADD CONSTRAINT royalty_imports_state_check
      CHECK (state IN ('queued', 'running', 'posted', 'failed', 'replaced', 'part'));
    DROP INDEX royalty_imports_message;
    CREATE UNIQUE INDEX royalty_imports_message ON royalty_imports (sender, message_id, file_number)
      WHERE message_id IS NOT NULL AND state <> 'failed';

    -- A million-line report checked this foreign key once per line (a tenth of the import's time); the lines are
    -- written only by the posting of their import, whose row it holds locked.
    ALTER TABLE royalty_lines DROP CONSTRAINT royalty_lines_import_id_fkey;
    -- Likewise the unique (import_id, line_no) btree (two fifths of writing a line): the posting writes an
    -- import's lines in one statement, numbered by the file, and never reads them back (its aggregates come from
    -- the rows it wrote). A block-range index finds an import's lines (they lie together) for a look by hand.
    ALTER TABLE royalty_lines DROP CONSTRAINT royalty_lines_import_id_line_no_key;
    CREATE INDEX royalty_lines_import ON royalty_lines USING brin (import_id);

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
    DROP INDEX royalty_imports_message;
    CREATE UNIQUE INDEX royalty_imports_message ON royalty_imports (sender, message_id)
      WHERE message_id IS NOT NULL AND state <> 'failed';
    ALTER TABLE royalty_imports DROP CONSTRAINT royalty_imports_state_check;
    ALTER TABLE royalty_imports ADD CONSTRAINT royalty_imports_state_check
      CHECK (state IN ('queued', 'running', 'posted', 'failed', 'replaced'));
    ALTER TABLE royalty_imports DROP COLUMN file_number, DROP COLUMN number_of_files, DROP COLUMN part_of;
    DROP INDEX royalty_lines_import;
    ALTER TABLE royalty_lines ADD CONSTRAINT royalty_lines_import_id_line_no_key UNIQUE (import_id, line_no);
    ALTER TABLE royalty_lines ADD CONSTRAINT royalty_lines_import_id_fkey FOREIGN KEY (import_id) REFERENCES royalty_imports(id);
    ALTER TABLE royalty_remittances DROP COLUMN posted_fen, DROP COLUMN postings;
  `.execute(db);
}
