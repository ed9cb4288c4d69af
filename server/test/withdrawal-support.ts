/** Shared set-up for the withdrawals tests: income, a verified name, SMS codes, a card, a confirmed withdrawal. */
import { type ErrorKey, errorCatalogue } from '@trackline/contract/errors';
import { insertSmsCode } from '../src/modules/account/account.repository';
import { SMS_TTL_MS } from '../src/modules/account/sms-codes';
import { post } from '../src/modules/royalties/ledger';
import { credit, debit } from '../src/modules/royalties/ledger-accounts';
import { hmac } from '../src/platform/security/tokens';
import { call, type TestApp } from './harness';

export const codeOf = (key: ErrorKey) => errorCatalogue[key].code;

/** A debit card the shipped BIN table knows (ICBC 622202, 19 digits); it fails Luhn, as some real cards do. */
export const ICBC_CARD = '6222020200112233440';
export const CMB_CREDIT = '4392251234567890';

let keySeq = 0;
export const freshKey = (tag = 'k') => `${tag}-${process.pid}-${Date.now()}-${++keySeq}`;

/** Income of `fen` to the musician's available balance (a store report, as the import posts it). */
export async function giveIncome(t: TestApp, userId: number, fen: bigint): Promise<void> {
  await post(t.deps.database.db, {
    key: freshKey(`income-${userId}`),
    kind: 'import',
    entries: [debit({ kind: 'receivable', platform: 'spotify' }, fen), credit({ kind: 'available', userId }, fen)],
  });
}

export async function verify(t: TestApp, userId: number, name = '张三'): Promise<void> {
  await t.sql(`UPDATE users SET real_name = $2, is_verify = 1 WHERE id = $1`, [userId, name]);
}

/** A valid SMS code for the mobile and event, written as the send call would (no per-minute limit in tests). */
export async function smsCode(t: TestApp, mobile: string, event: string): Promise<string> {
  const code = String(100000 + Math.floor(Math.random() * 900000));
  await insertSmsCode(t.deps.database.db, {
    mobile,
    event,
    code_hash: hmac(t.deps.secret, 'sms', mobile, event, code),
    expires_at: new Date(Date.now() + SMS_TTL_MS),
  });
  return code;
}

export interface Musician {
  id: number;
  mobile: string;
  token: string;
}

export async function addCard(t: TestApp, m: Musician, over: Record<string, unknown> = {}) {
  return call(t.app, {
    method: 'POST',
    url: '/api/bill/bank_save',
    headers: { token: m.token },
    payload: {
      card_no: ICBC_CARD,
      holder_name: '张三',
      id_no: '110101199001011234',
      reserved_mobile: m.mobile,
      code: await smsCode(t, m.mobile, 'bankcard'),
      ...over,
    },
  });
}

export async function withdraw(t: TestApp, m: Musician, amount: string, key = freshKey('w'), code?: string) {
  return call(t.app, {
    method: 'POST',
    url: '/api/bill/sure',
    headers: { token: m.token, 'idempotency-key': key },
    payload: { amount, code: code ?? (await smsCode(t, m.mobile, 'withdraw')) },
  });
}
