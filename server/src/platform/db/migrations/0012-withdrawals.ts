/**
 * Withdrawals (issue 12): the banks payouts reach, the card BIN table, musicians' cards, withdrawals with their
 * timeline, payout batches and the provider's callbacks. The money itself moves in the ledger (0011): a withdrawal
 * holds its gross (available → withdrawing) and is either paid (withdrawing → bank, tax payable, fee) or released by
 * a reversing transaction. This migration adds the ledger's `tax_payable` account kind for the tax withheld.
 *
 * - bank_types: banks payouts reach (finance edits). card_bins: BIN prefix → bank and card type (shipped, extendable).
 * - bank_cards: one active card per musician (partial unique index); a replaced card stays, deactivated. The number
 *   is stored encrypted (AES-256-GCM under the server secret), with its last four digits in clear for masking.
 * - withdrawals: one per (user, request key); status moves requested → approved → sent → paid, or refused/failed.
 *   Each status change is a conditional UPDATE on the status it leaves, so two actors never both move it.
 * - withdrawal_events: the timeline the musician sees. payout_batches: a provider batch; payout_callbacks: each
 *   provider result once per (withdrawal, outcome).
 * - withdrawal_freezes: accounts finance froze for withdrawals.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE ledger_accounts DROP CONSTRAINT IF EXISTS ledger_accounts_kind_check;
    ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
      CHECK (kind IN ('available', 'held', 'withdrawing', 'receivable', 'share', 'suspense', 'bank', 'tax_payable'));

    CREATE TABLE bank_types (
      code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9]{2,12}$'),
      name text NOT NULL,
      name_en text NOT NULL,
      logo text NOT NULL DEFAULT '',
      debit_only boolean NOT NULL DEFAULT true,
      enabled boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE card_bins (
      bin text PRIMARY KEY CHECK (bin ~ '^[0-9]{6,10}$'),
      bank_code text NOT NULL REFERENCES bank_types(code) ON UPDATE CASCADE,
      card_type text NOT NULL CHECK (card_type IN ('debit', 'credit')),
      card_length smallint CHECK (card_length BETWEEN 12 AND 19),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE bank_cards (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
      bank_code text NOT NULL REFERENCES bank_types(code) ON UPDATE CASCADE,
      card_cipher text NOT NULL,
      last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
      holder_name text NOT NULL,
      holder_kind text NOT NULL CHECK (holder_kind IN ('person', 'minor', 'enterprise')),
      reserved_mobile text,
      checked_by text NOT NULL DEFAULT '',
      -- the card replaced an earlier one: withdrawals wait until 24 hours after created_at
      is_change boolean NOT NULL DEFAULT false,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      replaced_at timestamptz
    );
    CREATE UNIQUE INDEX bank_cards_active ON bank_cards (user_id) WHERE active;

    CREATE TABLE withdrawal_freezes (
      user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      reason text NOT NULL,
      staff_id bigint REFERENCES staff(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE payout_batches (
      id bigserial PRIMARY KEY,
      provider text NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'sent', 'done')),
      file_key text,
      created_by bigint REFERENCES staff(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    );

    CREATE TABLE withdrawals (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
      request_key text NOT NULL CHECK (length(request_key) BETWEEN 8 AND 128),
      month text NOT NULL CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
      gross_fen bigint NOT NULL CHECK (gross_fen > 0),
      tax_fen bigint NOT NULL CHECK (tax_fen >= 0),
      fee_fen bigint NOT NULL CHECK (fee_fen >= 0),
      net_fen bigint NOT NULL CHECK (net_fen > 0),
      party_kind text NOT NULL CHECK (party_kind IN ('person', 'minor', 'enterprise')),
      payee_name text NOT NULL,
      card_id bigint NOT NULL REFERENCES bank_cards(id),
      bank_code text NOT NULL,
      card_last4 text NOT NULL,
      status text NOT NULL DEFAULT 'requested'
        CHECK (status IN ('requested', 'approved', 'sent', 'paid', 'refused', 'failed')),
      reason text NOT NULL DEFAULT '',
      first_card boolean NOT NULL DEFAULT false,
      first_withdrawal boolean NOT NULL DEFAULT false,
      approved_by bigint REFERENCES staff(id) ON DELETE SET NULL,
      checked_by bigint REFERENCES staff(id) ON DELETE SET NULL,
      batch_id bigint REFERENCES payout_batches(id),
      provider text,
      provider_ref text,
      hold_tx_id bigint NOT NULL REFERENCES ledger_transactions(id),
      settle_tx_id bigint REFERENCES ledger_transactions(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      UNIQUE (user_id, request_key),
      CHECK (net_fen = gross_fen - tax_fen - fee_fen),
      CHECK (checked_by IS NULL OR checked_by <> approved_by)
    );
    CREATE INDEX withdrawals_user ON withdrawals (user_id, id DESC);
    CREATE INDEX withdrawals_status ON withdrawals (status, id);
    CREATE INDEX withdrawals_month ON withdrawals (month, user_id);

    CREATE TABLE withdrawal_events (
      id bigserial PRIMARY KEY,
      withdrawal_id bigint NOT NULL REFERENCES withdrawals(id),
      status text NOT NULL,
      note text NOT NULL DEFAULT '',
      staff_id bigint REFERENCES staff(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (withdrawal_id, status)
    );

    CREATE TABLE payout_callbacks (
      id bigserial PRIMARY KEY,
      provider text NOT NULL,
      withdrawal_id bigint NOT NULL REFERENCES withdrawals(id),
      outcome text NOT NULL CHECK (outcome IN ('paid', 'failed')),
      detail text NOT NULL DEFAULT '',
      received_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (withdrawal_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE payout_callbacks, withdrawal_events, withdrawals, payout_batches, withdrawal_freezes, bank_cards,
      card_bins, bank_types;
  `.execute(db);
}
