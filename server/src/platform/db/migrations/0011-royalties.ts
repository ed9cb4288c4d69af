/**
 * Income (issue 11, royalties module): the ledger.
 *
 * ledger_accounts: one row per account, named by a stable key ('user:42:available', 'store:spotify:receivable',
 * 'platform:share', 'platform:suspense', 'platform:bank'). `balance` is the account's balance in fen in its normal
 * direction (a musician's liability accounts are credit-normal: credits − debits; a store's receivable and the
 * bank are debit-normal: debits − credits). It is updated by the same statement batch that writes the entries, in
 * the same transaction, so it always equals the sum of its entries (ledger-check.ts proves it).
 *
 * The balance floor: a withdrawal must never take a musician's available balance below zero, yet a store's
 * clawback may (the deficit is shown and recovered from later income). Each balance update says whether it asked
 * for the floor (`floor_checked`, set by the posting from its entry's flag); the CHECK holds the floor on exactly
 * those updates. The row lock of the UPDATE serialises concurrent postings, so two withdrawals cannot both pass.
 *
 * ledger_transactions: one per movement, unique idempotency key; `reverses_id` (unique) links a reversal to what it
 * reverses, so a transaction is reversed at most once. ledger_entries: signed amounts (debit > 0, credit < 0).
 * Neither table is ever updated or deleted (triggers refuse), and a statement-level trigger refuses any
 * transaction whose entries do not sum to zero.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ledger_accounts (
      id bigserial PRIMARY KEY,
      key text NOT NULL UNIQUE,
      kind text NOT NULL CHECK (kind IN ('available', 'held', 'withdrawing', 'receivable', 'share', 'suspense', 'bank')),
      user_id bigint REFERENCES users(id) ON DELETE RESTRICT,
      platform_code text REFERENCES platforms(code),
      normal text NOT NULL CHECK (normal IN ('debit', 'credit')),
      currency text NOT NULL DEFAULT 'CNY' CHECK (currency = 'CNY'),
      balance bigint NOT NULL DEFAULT 0,
      floor_checked boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((kind IN ('available', 'held', 'withdrawing')) = (user_id IS NOT NULL)),
      CHECK ((kind = 'receivable') = (platform_code IS NOT NULL)),
      CONSTRAINT ledger_balance_floor CHECK (NOT floor_checked OR balance >= 0)
    );
    CREATE UNIQUE INDEX ledger_accounts_user ON ledger_accounts (user_id, kind) WHERE user_id IS NOT NULL;

    CREATE TABLE ledger_transactions (
      id bigserial PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
      -- a digest of what was asked, so the same key with different entries is refused instead of silently ignored
      request_hash text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('import', 'import_reversal', 'rematch', 'adjustment', 'reversal', 'hold',
        'release', 'withdrawal', 'payout', 'withdrawal_failed', 'remittance')),
      memo text NOT NULL DEFAULT '',
      reverses_id bigint UNIQUE REFERENCES ledger_transactions(id),
      import_id bigint,
      created_by_staff bigint REFERENCES staff(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ledger_transactions_import ON ledger_transactions (import_id) WHERE import_id IS NOT NULL;

    CREATE TABLE ledger_entries (
      id bigserial PRIMARY KEY,
      transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
      account_id bigint NOT NULL REFERENCES ledger_accounts(id),
      amount bigint NOT NULL CHECK (amount <> 0),
      floor_checked boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ledger_entries_account ON ledger_entries (account_id, id);
    CREATE INDEX ledger_entries_transaction ON ledger_entries (transaction_id);

    CREATE FUNCTION ledger_append_only() RETURNS trigger AS $$
    BEGIN
      RAISE EXCEPTION '% is append-only: correct a movement with a reversing transaction', TG_TABLE_NAME;
    END $$ LANGUAGE plpgsql;
    CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
      FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
    CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
    CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
      FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
    CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

    -- Every transaction touched by a statement must sum to zero over all its entries (a later statement adding
    -- to an old transaction is checked too).
    CREATE FUNCTION ledger_balanced() RETURNS trigger AS $$
    DECLARE bad bigint;
    BEGIN
      SELECT e.transaction_id INTO bad
        FROM ledger_entries e
       WHERE e.transaction_id IN (SELECT DISTINCT transaction_id FROM new_entries)
       GROUP BY e.transaction_id HAVING sum(e.amount) <> 0 LIMIT 1;
      IF bad IS NOT NULL THEN
        RAISE EXCEPTION 'ledger transaction % does not balance', bad USING ERRCODE = '23514';
      END IF;
      RETURN NULL;
    END $$ LANGUAGE plpgsql;
    CREATE TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
      REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_balanced();

    -- Import. royalty_mappings: a store statement's columns (ColumnMapping in csv-statement.ts).
    CREATE TABLE royalty_mappings (
      code text PRIMARY KEY CHECK (code ~ '^[a-z0-9_-]{1,40}$'),
      name text NOT NULL,
      mapping jsonb NOT NULL,
      builtin boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO royalty_mappings (code, name, builtin, mapping) VALUES
      ('generic', 'Generic CSV', true, '{"delimiter":",","columns":{"sale_month":"sale_month","territory":"territory","isrc":"isrc","upc":"upc","title":"title","quantity":"quantity","amount":"amount","currency":"currency","fx_rate":"exchange_rate"}}'),
      ('distrokid', 'DistroKid bank detail (TSV)', true, '{"delimiter":"\\t","currency":"USD","columns":{"sale_month":"Sale Month","territory":"Country of Sale","isrc":"ISRC","upc":"UPC","title":"Title","quantity":"Quantity","amount":"Earnings (USD)"}}'),
      ('tunecore', 'TuneCore sales report (CSV)', true, '{"delimiter":",","columns":{"sale_month":"Sales Period","territory":"Country Of Sale","isrc":"Optional ISRC","upc":"UPC","title":"Song Title","quantity":"# Units Sold","amount":"Net Sales","currency":"Net Sales Currency","fx_rate":"Exchange Rate"}}');

    CREATE TABLE royalty_imports (
      id bigserial PRIMARY KEY,
      platform_code text NOT NULL REFERENCES platforms(code),
      format text NOT NULL CHECK (format IN ('dsr', 'csv')),
      mapping_code text REFERENCES royalty_mappings(code),
      file_path text NOT NULL,
      file_name text NOT NULL DEFAULT '',
      -- the rate finance enters for a report in another currency (CNY per unit), used where a line carries none
      fx_rate numeric(20, 10) CHECK (fx_rate > 0),
      sender text,
      message_id text,
      period_start date,
      accounting_month date NOT NULL,
      state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'posted', 'failed', 'replaced')),
      rows_done bigint NOT NULL DEFAULT 0,
      lines integer NOT NULL DEFAULT 0,
      unmatched_lines integer NOT NULL DEFAULT 0,
      total_fen bigint,
      share_fen bigint,
      platform_fen bigint,
      suspense_fen bigint,
      error text NOT NULL DEFAULT '',
      replaces_id bigint REFERENCES royalty_imports(id),
      transaction_id bigint REFERENCES ledger_transactions(id),
      created_by_staff bigint REFERENCES staff(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      posted_at timestamptz,
      CHECK ((format = 'csv') = (mapping_code IS NOT NULL))
    );
    -- (sender, MessageId) is never reused: a second import of the same message is refused (a failed one may retry)
    CREATE UNIQUE INDEX royalty_imports_message ON royalty_imports (sender, message_id)
      WHERE message_id IS NOT NULL AND state <> 'failed';

    -- COPY lands here: no WAL, no constraints; a rerun clears its import's rows first.
    CREATE UNLOGGED TABLE royalty_staging (
      import_id bigint NOT NULL,
      line_no bigint NOT NULL,
      sale_month date NOT NULL,
      territory text NOT NULL,
      isrc text NOT NULL,
      upc text NOT NULL,
      title text NOT NULL,
      quantity bigint NOT NULL,
      amount numeric(24, 8) NOT NULL,
      currency text NOT NULL,
      fx_rate numeric(20, 10)
    );
    CREATE INDEX royalty_staging_import ON royalty_staging (import_id);

    -- Every line kept, matched or not, with both amounts and the rate used (conversion) and the musician's rate.
    CREATE TABLE royalty_lines (
      id bigserial PRIMARY KEY,
      import_id bigint NOT NULL REFERENCES royalty_imports(id),
      line_no bigint NOT NULL,
      platform_code text NOT NULL,
      sale_month date NOT NULL,
      territory text NOT NULL,
      isrc text NOT NULL,
      upc text NOT NULL,
      title text NOT NULL,
      quantity bigint NOT NULL,
      amount numeric(24, 8) NOT NULL,
      currency text NOT NULL,
      fx_rate numeric(20, 10) NOT NULL,
      net_cny numeric(34, 18) NOT NULL,
      -- no foreign keys here: checked per row they cost more than the import itself; the ids come from the join
      -- that matched the line, in the posting transaction
      user_id bigint,
      work_id bigint,
      track_id bigint,
      rate smallint,
      match_state text NOT NULL CHECK (match_state IN ('matched', 'unmatched', 'rematched', 'not_ours')),
      UNIQUE (import_id, line_no)
    );
    CREATE INDEX royalty_lines_unmatched ON royalty_lines (import_id) WHERE match_state = 'unmatched';

    -- The aggregates shares are computed and posted on (per musician, import, track and territory, sale month):
    -- what a musician's bills read.
    CREATE TABLE royalty_shares (
      id bigserial PRIMARY KEY,
      import_id bigint NOT NULL REFERENCES royalty_imports(id),
      user_id bigint NOT NULL REFERENCES users(id),
      work_id bigint,
      track_id bigint,
      platform_code text NOT NULL,
      territory text NOT NULL,
      sale_month date NOT NULL,
      accounting_month date NOT NULL,
      quantity bigint NOT NULL,
      net_fen bigint NOT NULL,
      rate smallint NOT NULL,
      share_fen bigint NOT NULL
    );
    CREATE INDEX royalty_shares_bill ON royalty_shares (user_id, accounting_month);

    -- The musician's rate over time: a sale takes the rate in force in its month (else users.rate).
    CREATE TABLE user_rate_changes (
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      effective_from date NOT NULL,
      rate smallint NOT NULL CHECK (rate BETWEEN 0 AND 100),
      PRIMARY KEY (user_id, effective_from)
    );

    -- Reconciliation: what each store actually remitted for an accounting month, entered by finance.
    CREATE TABLE royalty_remittances (
      platform_code text NOT NULL REFERENCES platforms(code),
      month date NOT NULL CHECK (extract(day FROM month) = 1),
      amount_fen bigint NOT NULL,
      note text NOT NULL DEFAULT '',
      entered_by_staff bigint REFERENCES staff(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (platform_code, month)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS royalty_remittances, user_rate_changes, royalty_shares, royalty_lines, royalty_staging, royalty_imports,
      royalty_mappings, ledger_entries, ledger_transactions, ledger_accounts;
    DROP FUNCTION IF EXISTS ledger_balanced(), ledger_append_only();
  `.execute(db);
}
