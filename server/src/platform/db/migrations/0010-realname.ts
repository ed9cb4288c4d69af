/**
 * Real names (issue 10): a person's verified identity (an adult's, or a minor's with the guardian's), each attempt
 * at the verification provider, the provider's callbacks seen (replays refused), the minors' registrations
 * (guardian's mobile, the minor-specific terms) and the enterprises' details with the staff's review.
 * ID numbers are kept only encrypted (AES-256-GCM, modules/realname/identity-crypto.ts) plus their masked form.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE identity_profiles (
      user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('adult', 'minor')),
      real_name text NOT NULL,
      id_cipher bytea NOT NULL,
      id_masked text NOT NULL,
      birth_date date NOT NULL,
      state text NOT NULL DEFAULT 'none' CHECK (state IN ('none', 'pending', 'verified', 'failed')),
      fail_reason text NOT NULL DEFAULT '',
      guardian_name text,
      guardian_id_cipher bytea,
      guardian_id_masked text,
      guardian_relation text CHECK (guardian_relation IN ('father', 'mother', 'other')),
      guardian_mobile text,
      consent_pdf_key text,
      consent_signature_key text,
      consent_signed_at timestamptz,
      consent_ip text,
      verified_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (kind = 'adult' OR (guardian_name IS NOT NULL AND guardian_id_cipher IS NOT NULL))
    );

    CREATE TABLE identity_attempts (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token text NOT NULL UNIQUE,
      provider text NOT NULL,
      subject text NOT NULL CHECK (subject IN ('adult', 'guardian')),
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'verified', 'failed')),
      reason text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz
    );
    CREATE INDEX identity_attempts_user ON identity_attempts (user_id, id DESC);

    CREATE TABLE identity_callback_nonces (
      nonce text PRIMARY KEY,
      received_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE minor_accounts (
      user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      guardian_mobile text NOT NULL,
      terms_version text NOT NULL,
      agreed_at timestamptz NOT NULL DEFAULT now(),
      ip text NOT NULL DEFAULT ''
    );

    CREATE TABLE enterprise_profiles (
      user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      company_name text NOT NULL,
      credit_code text NOT NULL,
      licence_key text NOT NULL,
      contact_name text NOT NULL,
      contact_mobile text NOT NULL,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'verified', 'refused')),
      refuse_reason text NOT NULL DEFAULT '',
      submitted_at timestamptz NOT NULL DEFAULT now(),
      reviewed_by bigint REFERENCES staff(id),
      reviewed_at timestamptz
    );
    CREATE INDEX enterprise_profiles_queue ON enterprise_profiles (state, submitted_at);
    -- One verified account per company.
    CREATE UNIQUE INDEX enterprise_profiles_verified_code ON enterprise_profiles (credit_code) WHERE state = 'verified';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE enterprise_profiles;
    DROP TABLE minor_accounts;
    DROP TABLE identity_callback_nonces;
    DROP TABLE identity_attempts;
    DROP TABLE identity_profiles;
  `.execute(db);
}
