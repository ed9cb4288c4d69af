/** The real-name module's tables (migration 0010). */
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type MaybeStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type DateOnly = ColumnType<string, string, string>;

export type IdentityState = 'none' | 'pending' | 'verified' | 'failed';
export type GuardianRelation = 'father' | 'mother' | 'other';

export interface IdentityProfilesTable {
  user_id: number;
  kind: 'adult' | 'minor';
  real_name: string;
  id_cipher: Buffer;
  id_masked: string;
  birth_date: DateOnly;
  state: Generated<IdentityState>;
  fail_reason: Generated<string>;
  guardian_name: string | null;
  guardian_id_cipher: Buffer | null;
  guardian_id_masked: string | null;
  guardian_relation: GuardianRelation | null;
  guardian_mobile: string | null;
  consent_pdf_key: string | null;
  consent_signature_key: string | null;
  consent_signed_at: MaybeStamp;
  consent_ip: string | null;
  verified_at: MaybeStamp;
  created_at: CreatedAt;
  updated_at: Stamp;
}

export interface IdentityAttemptsTable {
  id: Generated<number>;
  user_id: number;
  token: string;
  provider: string;
  subject: 'adult' | 'guardian';
  state: Generated<'pending' | 'verified' | 'failed'>;
  reason: Generated<string>;
  created_at: CreatedAt;
  decided_at: MaybeStamp;
}

export interface IdentityCallbackNoncesTable {
  nonce: string;
  received_at: CreatedAt;
}

export interface MinorAccountsTable {
  user_id: number;
  guardian_mobile: string;
  terms_version: string;
  agreed_at: CreatedAt;
  ip: Generated<string>;
}

export type EnterpriseState = 'pending' | 'verified' | 'refused';

export interface EnterpriseProfilesTable {
  user_id: number;
  company_name: string;
  credit_code: string;
  licence_key: string;
  contact_name: string;
  contact_mobile: string;
  state: Generated<EnterpriseState>;
  refuse_reason: Generated<string>;
  submitted_at: Stamp;
  reviewed_by: number | null;
  reviewed_at: MaybeStamp;
}

export interface RealnameTables {
  identity_profiles: IdentityProfilesTable;
  identity_attempts: IdentityAttemptsTable;
  identity_callback_nonces: IdentityCallbackNoncesTable;
  minor_accounts: MinorAccountsTable;
  enterprise_profiles: EnterpriseProfilesTable;
}
