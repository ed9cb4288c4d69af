/**
 * The ledger (royalties module) on a real PostgreSQL: balanced postings, idempotency keys under a parallel burst,
 * the balance floor for withdrawals against clawbacks that may go below zero, reversals, the database refusing
 * edits and unbalanced entries, and the invariants after every scenario.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, post, reverse } from '../src/modules/royalties/ledger';
import { credit, debit } from '../src/modules/royalties/ledger-accounts';
import { checkLedger } from '../src/modules/royalties/ledger-check';
import type { AppError } from '../src/platform/http/app-error';
import { call, createTestApp, ipSequence, registerUser, staffLogin, type TestApp } from './harness';

let t: TestApp;
let alice: number;
let bob: number;
const ip = ipSequence(211);

beforeAll(async () => {
  t = await createTestApp();
  alice = (await registerUser(t, {}, ip())).userinfo.id;
  bob = (await registerUser(t, {}, ip())).userinfo.id;
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  const report = await checkLedger(t.deps.database.db);
  expect(report, JSON.stringify(report)).toMatchObject({
    ok: true,
    entries_total: '0',
    mismatched: [],
    unbalanced: [],
  });
});

const db = () => t.deps.database.db;
const store = { kind: 'receivable', platform: 'spotify' } as const;
const share = { kind: 'share' } as const;

/** Income of `net` fen from Spotify: the musician keeps `keep`, the platform the rest. */
function income(key: string, userId: number, net: bigint, keep: bigint) {
  return post(db(), {
    key,
    kind: 'import',
    entries: [debit(store, net), credit({ kind: 'available', userId }, keep), credit(share, net - keep)],
  });
}

/** available → withdrawing, with the floor: what the withdrawals issue will post. */
function withdraw(key: string, userId: number, fen: bigint) {
  return post(db(), {
    key,
    kind: 'withdrawal',
    entries: [debit({ kind: 'available', userId }, fen, true), credit({ kind: 'withdrawing', userId }, fen)],
  });
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return (err as AppError).key ?? (err as Error).message;
  }
}

describe('posting', () => {
  it('a balanced posting moves every balance in its normal direction; no account means no balance (--)', async () => {
    expect(await balancesOf(db(), alice)).toBeNull();
    const first = await income('t1', alice, 10_000n, 7_000n);
    expect(first.created).toBe(true);
    expect(await balancesOf(db(), alice)).toEqual({ available: 7_000n, held: 0n, withdrawing: 0n, withdrawn: 0n });
    const report = await checkLedger(db());
    expect(report.platform).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'store:spotify:receivable', balance: '10000' }),
        expect.objectContaining({ key: 'platform:share', balance: '3000' }),
      ]),
    );
  });

  it('an unbalanced posting is refused before it reaches the database, and by the database itself', async () => {
    await expect(
      post(db(), { key: 'bad', kind: 'adjustment', entries: [debit(store, 5n), credit(share, 4n)] }),
    ).rejects.toThrow(/does not balance/);
    const { rows } = await t.sql(`select id from ledger_transactions order by id limit 1`);
    const account = (await t.sql(`select id from ledger_accounts order by id limit 1`)).rows[0].id;
    await expect(
      t.sql(`insert into ledger_entries (transaction_id, account_id, amount) values ($1, $2, 1)`, [
        rows[0].id,
        account,
      ]),
    ).rejects.toThrow(/does not balance/);
  });

  it('entries and transactions are never updated or deleted', async () => {
    await expect(t.sql(`update ledger_entries set amount = amount * 2`)).rejects.toThrow(/append-only/);
    await expect(t.sql(`delete from ledger_entries`)).rejects.toThrow(/append-only/);
    await expect(t.sql(`delete from ledger_transactions`)).rejects.toThrow(/append-only/);
    await expect(t.sql(`truncate ledger_entries cascade`)).rejects.toThrow(/append-only/);
  });
});

describe('idempotency under a parallel burst', () => {
  it('120 postings with one key write exactly one transaction', async () => {
    const before = (await balancesOf(db(), bob))?.available ?? 0n;
    const results = await Promise.all(Array.from({ length: 120 }, () => income('burst-same', bob, 1_000n, 700n)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    const { rows } = await t.sql(
      `select count(*)::int as n from ledger_transactions where idempotency_key = 'burst-same'`,
    );
    expect(rows[0].n).toBe(1);
    expect((await balancesOf(db(), bob))!.available - before).toBe(700n);
  });

  it('120 postings with distinct keys all land, and the totals are exact', async () => {
    const before = (await balancesOf(db(), bob))!.available;
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, i) => income(`burst-distinct-${i}`, bob, BigInt(100 + i), BigInt(70 + i))),
    );
    expect(results.filter((r) => r.created)).toHaveLength(120);
    const expected = Array.from({ length: 120 }, (_, i) => BigInt(70 + i)).reduce((a, b) => a + b, 0n);
    expect((await balancesOf(db(), bob))!.available - before).toBe(expected);
  });

  it('120 first postings for a musician without accounts, at once, all land (the accounts are made once)', async () => {
    const dave = (await registerUser(t, {}, ip())).userinfo.id;
    const codes = await Promise.all(
      Array.from({ length: 120 }, (_, i) => codeOf(income(`first-burst-${i}`, dave, 100n, 70n))),
    );
    expect(
      codes.filter((c) => c === 'ok'),
      JSON.stringify([...new Set(codes)]),
    ).toHaveLength(120);
    expect((await balancesOf(db(), dave))!.available).toBe(120n * 70n);
    const { rows } = await t.sql('select count(*)::int as n from ledger_accounts where user_id = $1', [dave]);
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it('the same key with a different movement is refused, not silently ignored', async () => {
    expect(await codeOf(income('burst-same', bob, 1_000n, 600n))).toBe('LEDGER_KEY_REUSED');
  });
});

describe('the balance floor', () => {
  it('120 parallel withdrawals of 1.00 from a balance of 70.00: exactly 70 pass, available ends at 0', async () => {
    const carol = (await registerUser(t, {}, ip())).userinfo.id;
    await income('carol-income', carol, 10_000n, 7_000n);
    const codes = await Promise.all(
      Array.from({ length: 120 }, (_, i) => codeOf(withdraw(`carol-w-${i}`, carol, 100n))),
    );
    // the distinct answers in the message, so a failure under load says what it was
    expect(
      codes.filter((c) => c === 'ok'),
      JSON.stringify([...new Set(codes)]),
    ).toHaveLength(70);
    expect(
      codes.filter((c) => c === 'BALANCE_INSUFFICIENT'),
      JSON.stringify(codes.filter((c) => c !== 'ok' && c !== 'BALANCE_INSUFFICIENT')),
    ).toHaveLength(50);
    expect(await balancesOf(db(), carol)).toMatchObject({ available: 0n, withdrawing: 7_000n });
  });

  it('a clawback may take available below zero; a withdrawal then is refused; later income recovers it', async () => {
    const dave = (await registerUser(t, {}, ip())).userinfo.id;
    await income('dave-income', dave, 1_000n, 700n);
    // The store cancels earlier sales worth more than what is left: a negative import line, no floor.
    await income('dave-clawback', dave, -2_000n, -1_400n);
    expect((await balancesOf(db(), dave))!.available).toBe(-700n);
    expect((await checkLedger(db())).deficits).toEqual(expect.arrayContaining([{ user_id: dave, balance: '-700' }]));
    expect(await codeOf(withdraw('dave-w-1', dave, 1n))).toBe('BALANCE_INSUFFICIENT');
    await income('dave-income-2', dave, 2_000n, 1_400n);
    expect((await balancesOf(db(), dave))!.available).toBe(700n);
    expect(await codeOf(withdraw('dave-w-2', dave, 700n))).toBe('ok');
    expect(await codeOf(withdraw('dave-w-3', dave, 1n))).toBe('BALANCE_INSUFFICIENT');
  });
});

describe('reversal', () => {
  it('a reversal mirrors the transaction, both stay visible, and it happens once', async () => {
    const erin = (await registerUser(t, {}, ip())).userinfo.id;
    const original = await income('erin-income', erin, 5_000n, 3_500n);
    const undone = await reverse(db(), { transactionId: original.id, key: 'erin-undo' });
    expect(undone.created).toBe(true);
    expect((await balancesOf(db(), erin))!.available).toBe(0n);
    expect(await reverse(db(), { transactionId: original.id, key: 'erin-undo' })).toEqual({
      id: undone.id,
      created: false,
    });
    expect(await codeOf(reverse(db(), { transactionId: original.id, key: 'erin-undo-again' }))).toBe(
      'LEDGER_ALREADY_REVERSED',
    );
    const { rows } = await t.sql(
      `select count(*)::int as n from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
        where x.id in ($1, $2)`,
      [original.id, undone.id],
    );
    expect(rows[0].n).toBe(6);
  });

  it('parallel reversals of one transaction with different keys: exactly one lands', async () => {
    const original = await income('frank-income', bob, 3_000n, 2_100n);
    const codes = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        codeOf(reverse(db(), { transactionId: original.id, key: `frank-undo-${i}` })),
      ),
    );
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === 'LEDGER_ALREADY_REVERSED')).toHaveLength(99);
  });
});

describe('the console report', () => {
  it('finance (and admin) read the invariants; an editor and a musician do not', async () => {
    const admin = await staffLogin(t);
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/admin/staff/create',
      headers: { 'admin-token': admin },
      payload: { username: 'ledger-fin', name: 'Finance', password: 'Finance2026', roles: ['finance'] },
    });
    expect(created.body.code).toBe(1);
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/staff/create',
      headers: { 'admin-token': admin },
      payload: { username: 'ledger-ed', name: 'Editor', password: 'Editor2026', roles: ['editor'] },
    });
    const get = (headers: Record<string, string>) =>
      call(t.app, { method: 'GET', url: '/api/admin/royalties/ledger_check', headers });
    const finance = await get({ 'admin-token': await staffLogin(t, 'ledger-fin', 'Finance2026') });
    expect(finance.body.code).toBe(1);
    expect(finance.body.data).toMatchObject({ ok: true, entries_total: '0' });
    expect((await get({ 'admin-token': admin })).body.code).toBe(1);
    expect((await get({ 'admin-token': await staffLogin(t, 'ledger-ed', 'Editor2026') })).body.code).toBe(2040);
    expect((await get({})).body.code).toBe(1000);
  });

  it("the session user's user_account_info carries the available balance", async () => {
    const user = await registerUser(t, {}, ip());
    const info = () => call(t.app, { method: 'GET', url: '/api/user/info', headers: { token: user.token } });
    expect((await info()).body.data.userinfo.user_account_info.balance_fen).toBeNull();
    await income('info-income', user.userinfo.id, 12_345_67n, 8_641_97n);
    expect((await info()).body.data.userinfo.user_account_info.balance_fen).toBe('864197');
  });
});
