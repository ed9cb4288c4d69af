/**
 * Import speed, second shape (issue 11, bench/import). Writing every line twice (COPY into a staging table, then
 * INSERT … SELECT into royalty_lines with its match) cost more than the COPY itself. Now:
 *
 * - royalty_lines is partitioned by (import_id, chunk). An import COPYs its file straight into tables of its own,
 *   one per chunk of the file (a big file is cut at line boundaries and copied over several connections at once),
 *   and the posting transaction ATTACHes them as partitions: the lines are written once. A chunk table carries
 *   CHECK (import_id = …) and CHECK (chunk = …), so attaching it needs no scan.
 * - A line keeps its cells as read: typed where COPY types them (quantity, exact amount and exchange rate), the sale month,
 *   territory, ISRC and UPC as the store wrote them (the careful reader writes them normalised). Normalising,
 *   checking and matching are done on the distinct groups of those cells, not per line.
 * - The match is kept per (import, ISRC, UPC) in royalty_matches (partitioned by import too: made while the import
 *   stages, attached by its posting), so the unmatched queue, "match to a track" and "not ours" act on one row per
 *   key with its totals.
 * - A line's number in its file is its chunk's first line (royalty_line_chunks) plus its place in the chunk: a
 *   chunk is written by one COPY and never updated, so its rows lie in file order.
 *
 * Lines already imported move into a chunk of their import each, in line order; their matches are rebuilt per key.
 * A key whose old lines were handled differently one by one keeps the handled state (money never moves twice).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE royalty_lines_p (
      import_id bigint NOT NULL,
      chunk integer NOT NULL,
      sale_month text,
      territory text,
      isrc text,
      upc text,
      title text,
      quantity bigint,
      -- exact as written (the careful reader allows 10 decimals; a group's sum keeps the largest scale, so the
      -- posting sees a cell with more)
      amount numeric,
      currency text,
      fx_rate numeric
    ) PARTITION BY RANGE (import_id, chunk);

    CREATE TABLE royalty_line_chunks (
      import_id bigint NOT NULL REFERENCES royalty_imports(id),
      chunk integer NOT NULL,
      first_line bigint NOT NULL,
      lines bigint NOT NULL,
      PRIMARY KEY (import_id, chunk)
    );

    CREATE TABLE royalty_matches (
      -- import_id × 2³² + part × 2²⁸ + the key's number in its part: unique by construction, no sequence per key
      id bigint NOT NULL,
      -- the part of the import's keys this one was matched in (by a hash of the key, one per copying connection)
      part integer NOT NULL DEFAULT 1,
      -- no foreign key: checked per row it cost more than the rows (a report may bring 100,000 keys); the rows are
      -- written only by the posting of the import they name, which holds that import's row locked
      import_id bigint NOT NULL,
      isrc text NOT NULL,
      upc text NOT NULL,
      title text NOT NULL DEFAULT '',
      lines bigint NOT NULL,
      quantity bigint NOT NULL,
      -- Σ net in CNY, exact
      net_cny numeric NOT NULL,
      first_month date NOT NULL,
      last_month date NOT NULL,
      state text NOT NULL CHECK (state IN ('matched', 'unmatched', 'rematched', 'not_ours')),
      user_id bigint,
      work_id bigint,
      track_id bigint,
      handled_by_staff bigint,
      handled_at timestamptz
    ) PARTITION BY RANGE (import_id, part);
    -- Partitioned by import like the lines: an import's keys are matched while it stages (a table per part, each
    -- part matched by one of the connections that copied the chunks) and attached by its posting, so a report with
    -- 100,000 keys writes none of them inside the posting transaction. No index: the id is unique by construction and
    -- names its import (id / 2³²), which prunes to that import's partitions.

    DO $mig$
    DECLARE
      imp bigint;
      n bigint;
    BEGIN
      FOR imp IN SELECT DISTINCT import_id FROM royalty_lines ORDER BY 1 LOOP
        EXECUTE format('CREATE TABLE %I (LIKE royalty_lines_p, CHECK (import_id = %s), CHECK (chunk = 1))',
                       'royalty_lines_' || imp || '_1', imp);
        EXECUTE format($q$INSERT INTO %I SELECT import_id, 1, to_char(sale_month, 'YYYY-MM-DD'), territory, isrc,
                            upc, title, quantity, amount, currency, fx_rate
                         FROM royalty_lines WHERE import_id = %s ORDER BY line_no$q$,
                       'royalty_lines_' || imp || '_1', imp);
        GET DIAGNOSTICS n = ROW_COUNT;
        -- a statement's line_no counted its lines after the header; a DSR's, its sales lines
        INSERT INTO royalty_line_chunks (import_id, chunk, first_line, lines)
          SELECT imp, 1, min(l.line_no) + CASE WHEN min(i.format) = 'csv' THEN 1 ELSE 0 END, n
            FROM royalty_lines l JOIN royalty_imports i ON i.id = l.import_id WHERE l.import_id = imp;
        EXECUTE format('ALTER TABLE royalty_lines_p ATTACH PARTITION %I FOR VALUES FROM (%s, 1) TO (%s, 2)',
                       'royalty_lines_' || imp || '_1', imp, imp);
        EXECUTE format('CREATE TABLE %I PARTITION OF royalty_matches FOR VALUES FROM (%s, 1) TO (%s, 2)',
                       'royalty_matches_' || imp || '_1', imp, imp);
      END LOOP;
    END
    $mig$;

    INSERT INTO royalty_matches (id, import_id, isrc, upc, title, lines, quantity, net_cny, first_month, last_month, state,
                                 user_id, work_id, track_id)
    SELECT import_id * 4294967296 + row_number() OVER (PARTITION BY import_id ORDER BY isrc, upc), import_id, isrc, upc, min(title), count(*), sum(quantity), sum(net_cny), min(sale_month), max(sale_month),
           CASE WHEN bool_and(match_state = 'matched') THEN 'matched'
                WHEN bool_and(match_state = 'unmatched') THEN 'unmatched'
                WHEN bool_or(match_state = 'rematched') THEN 'rematched'
                ELSE 'not_ours' END,
           min(user_id), min(work_id), min(track_id)
      FROM royalty_lines GROUP BY import_id, isrc, upc;

    DROP TABLE royalty_lines;
    DROP TABLE royalty_staging;
    DROP FUNCTION IF EXISTS royalty_bad_line(bigint, text);
    ALTER TABLE royalty_lines_p RENAME TO royalty_lines;

    -- The currency of a statement without a currency column (its mapping's), as it was when the import posted.
    ALTER TABLE royalty_imports ADD COLUMN default_currency text NOT NULL DEFAULT '';
    UPDATE royalty_imports i SET default_currency = coalesce(m.mapping->>'currency', '')
      FROM royalty_mappings m WHERE m.code = i.mapping_code;

    -- Every line with its number in the file, its currency, the rate that converted it (its own, else the
    -- import's; 1 for CNY) and its amount in CNY: both amounts and the rate, read from what was kept.
    CREATE VIEW royalty_lines_cny AS
    SELECT l.import_id, c.first_line + row_number() OVER (PARTITION BY l.import_id, l.chunk ORDER BY l.ctid) - 1 AS line_no,
           l.sale_month, l.territory, l.isrc, l.upc, l.title, l.quantity, l.amount, cur.currency,
           CASE WHEN cur.currency = 'CNY' THEN 1::numeric ELSE coalesce(l.fx_rate, i.fx_rate) END AS fx_rate,
           l.amount * CASE WHEN cur.currency = 'CNY' THEN 1::numeric ELSE coalesce(l.fx_rate, i.fx_rate) END AS net_cny
      FROM royalty_lines l
      JOIN royalty_imports i ON i.id = l.import_id
      JOIN royalty_line_chunks c ON c.import_id = l.import_id AND c.chunk = l.chunk
      CROSS JOIN LATERAL (SELECT upper(coalesce(nullif(btrim(coalesce(l.currency, '')), ''), i.default_currency)) AS currency) cur;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0022-import-partitions cannot be undone: the lines were moved into partitions');
}
