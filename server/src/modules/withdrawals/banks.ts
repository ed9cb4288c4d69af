/**
 * The banks payouts reach and the card BIN table (spec §7 /api/bill/banktype, /api/bill/bankmation). Chinese cards
 * are recognised by their BIN (the first 6–10 digits), never by Luhn: some real debit cards fail it (money.md §3).
 * The tables ship with the banks and BINs below (seeded on every start, finance's edits kept); finance extends them
 * in the console. A card is supported when its bank is enabled and, where the bank takes debit cards only, it is
 * a debit card.
 */
import type { BankType, CardInfo } from '@trackline/contract/withdrawals';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

export const SHIPPED_BANKS: Array<{ code: string; name: string; name_en: string; sort: number }> = [
  { code: 'ICBC', name: '中国工商银行', name_en: 'Industrial and Commercial Bank of China', sort: 10 },
  { code: 'ABC', name: '中国农业银行', name_en: 'Agricultural Bank of China', sort: 20 },
  { code: 'BOC', name: '中国银行', name_en: 'Bank of China', sort: 30 },
  { code: 'CCB', name: '中国建设银行', name_en: 'China Construction Bank', sort: 40 },
  { code: 'COMM', name: '交通银行', name_en: 'Bank of Communications', sort: 50 },
  { code: 'CMB', name: '招商银行', name_en: 'China Merchants Bank', sort: 60 },
  { code: 'PSBC', name: '中国邮政储蓄银行', name_en: 'Postal Savings Bank of China', sort: 70 },
  { code: 'CMBC', name: '中国民生银行', name_en: 'China Minsheng Bank', sort: 80 },
];

/**
 * BINs from public card-issuer listings (a starting set, to be replaced by the payout provider's lookup where it
 * has one). The length is the card number's length where the issuer publishes one.
 */
export const SHIPPED_BINS: Array<{
  bin: string;
  bank_code: string;
  card_type: 'debit' | 'credit';
  len: number | null;
}> = [
  { bin: '622202', bank_code: 'ICBC', card_type: 'debit', len: 19 },
  { bin: '621226', bank_code: 'ICBC', card_type: 'debit', len: 19 },
  { bin: '622848', bank_code: 'ABC', card_type: 'debit', len: 19 },
  { bin: '621661', bank_code: 'BOC', card_type: 'debit', len: 19 },
  { bin: '621700', bank_code: 'CCB', card_type: 'debit', len: 19 },
  { bin: '436742', bank_code: 'CCB', card_type: 'debit', len: 19 },
  { bin: '436728', bank_code: 'CCB', card_type: 'credit', len: 16 },
  { bin: '622262', bank_code: 'COMM', card_type: 'debit', len: 19 },
  { bin: '622588', bank_code: 'CMB', card_type: 'debit', len: 16 },
  { bin: '621483', bank_code: 'CMB', card_type: 'debit', len: 16 },
  { bin: '439225', bank_code: 'CMB', card_type: 'credit', len: 16 },
  { bin: '621799', bank_code: 'PSBC', card_type: 'debit', len: 19 },
  { bin: '622188', bank_code: 'PSBC', card_type: 'debit', len: 19 },
  { bin: '622622', bank_code: 'CMBC', card_type: 'debit', len: 16 },
];

/** Adds the shipped banks and BINs that are not there yet (finance's edits and additions stay). */
export async function seedBanks(db: Db): Promise<void> {
  await db
    .insertInto('bank_types')
    .values(SHIPPED_BANKS.map((b) => ({ ...b, logo: '', debit_only: true })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  await db
    .insertInto('card_bins')
    .values(
      SHIPPED_BINS.map((b) => ({ bin: b.bin, bank_code: b.bank_code, card_type: b.card_type, card_length: b.len })),
    )
    .onConflict((oc) => oc.column('bin').doNothing())
    .execute();
}

export async function bankTypes(db: Db): Promise<BankType[]> {
  return db
    .selectFrom('bank_types')
    .select(['code', 'name', 'name_en', 'logo', 'debit_only'])
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('code')
    .execute();
}

/** What a card number is, by its longest matching BIN (and the length the BIN's issuer uses), or null. */
export async function lookupCard(db: Db, cardNo: string): Promise<CardInfo | null> {
  const row = await db
    .selectFrom('card_bins as b')
    .innerJoin('bank_types as t', 't.code', 'b.bank_code')
    .select(['b.bank_code', 't.name', 't.name_en', 'b.card_type', 't.enabled', 't.debit_only'])
    .where(sql<boolean>`${cardNo} LIKE b.bin || '%'`)
    .where((eb) => eb.or([eb('b.card_length', 'is', null), eb('b.card_length', '=', cardNo.length)]))
    .orderBy(sql`length(b.bin)`, 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    bank_code: row.bank_code,
    bank_name: row.name,
    bank_name_en: row.name_en,
    card_type: row.card_type,
    is_support: row.enabled && (!row.debit_only || row.card_type === 'debit'),
  };
}
