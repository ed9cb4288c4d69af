/**
 * Withdrawals (issue 12) against the real server and PostgreSQL: the card calls, every refusal of `sure`, the
 * authorization matrix, bursts on one account (exact counts), idempotent replays, finance's queue, maker–checker,
 * payouts through both providers, replayed and forged callbacks, receipts and the withholding report. The ledger's
 * invariants are checked after every test.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf } from '../src/modules/royalties/ledger';
import { checkLedger } from '../src/modules/royalties/ledger-check';
import { callbackSecret, signCallback } from '../src/modules/withdrawals/payout-provider';
import { sendBatch } from '../src/modules/withdrawals/payouts';
import { holdWithdrawal } from '../src/modules/withdrawals/withdrawals.service';
import { multipart } from './files';
import { call, createTestApp, ipSequence, registerUser, staffLogin, type TestApp } from './harness';
import {
  addCard,
  CMB_CREDIT,
  codeOf,
  freshKey,
  giveIncome,
  ICBC_CARD,
  type Musician,
  smsCode,
  verify,
  withdraw,
} from './withdrawal-support';

let t: TestApp;
let admin: string;
const ip = ipSequence(212);

beforeAll(async () => {
  t = await createTestApp({ PAYOUT_DEV_DELAY_SECONDS: '0' });
  admin = await staffLogin(t);
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

async function musician(): Promise<Musician> {
  const r = await registerUser(t, {}, ip());
  return { id: r.userinfo.id, mobile: r.mobile, token: r.token };
}

/** A verified musician with a card and `yuan` of income. */
async function ready(yuan = 1_000n): Promise<Musician> {
  const m = await musician();
  await verify(t, m.id);
  await giveIncome(t, m.id, yuan * 100n);
  const saved = await addCard(t, m);
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(1);
  return m;
}

const get = (url: string, token?: string) => call(t.app, { method: 'GET', url, headers: token ? { token } : {} });
const asStaff = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  call(t.app, { method, url, payload, headers: { 'admin-token': token } });

let memberSeq = 0;
async function member(roles: string[]): Promise<string> {
  const username = `fin${process.pid}_${++memberSeq}`;
  const res = await asStaff(admin, 'POST', '/api/admin/staff/create', {
    username,
    name: username,
    password: 'Member2026x',
    roles,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return staffLogin(t, username, 'Member2026x', ip());
}

describe('the bank card', () => {
  it('banktype lists the shipped banks; bankmation reads the BIN, not Luhn', async () => {
    const m = await musician();
    const banks = await get('/api/bill/banktype', m.token);
    expect(banks.body.data.map((b: { code: string }) => b.code)).toEqual(
      expect.arrayContaining(['ICBC', 'CMB', 'CCB']),
    );
    const debitCard = await get(`/api/bill/bankmation?card_no=${ICBC_CARD}`, m.token);
    expect(debitCard.body.data).toEqual({
      bank_code: 'ICBC',
      bank_name: '中国工商银行',
      bank_name_en: 'Industrial and Commercial Bank of China',
      card_type: 'debit',
      is_support: true,
    });
    const spaced = await get(`/api/bill/bankmation?card_no=${encodeURIComponent('6222 0202 0011 2233 440')}`, m.token);
    expect(spaced.body.data.bank_code).toBe('ICBC');
    expect((await get(`/api/bill/bankmation?card_no=${CMB_CREDIT}`, m.token)).body.data).toMatchObject({
      bank_code: 'CMB',
      card_type: 'credit',
      is_support: false,
    });
    expect((await get('/api/bill/bankmation?card_no=9999991234567890', m.token)).body.code).toBe(
      codeOf('CARD_BIN_UNKNOWN'),
    );
    // a known BIN with the wrong length for its issuer is not that card
    expect((await get('/api/bill/bankmation?card_no=6222021234567', m.token)).body.code).toBe(
      codeOf('CARD_BIN_UNKNOWN'),
    );
    expect((await get('/api/bill/bankmation?card_no=12ab', m.token)).body.code).toBe(codeOf('VALIDATION'));
  });

  it('adding a card needs a verified name, the holder’s own name, a supported card, the SMS code and the card check', async () => {
    const m = await musician();
    expect((await addCard(t, m)).body.code).toBe(codeOf('WITHDRAW_NOT_VERIFIED'));
    await verify(t, m.id);
    expect((await addCard(t, m, { holder_name: '李四' })).body.code).toBe(codeOf('CARD_HOLDER_MISMATCH'));
    expect((await addCard(t, m, { card_no: CMB_CREDIT })).body.code).toBe(codeOf('CARD_NOT_SUPPORTED'));
    await smsCode(t, m.mobile, 'bankcard');
    expect((await addCard(t, m, { code: '000000' })).body.code).toBe(codeOf('SMS_CODE_WRONG'));
    expect((await addCard(t, m, { id_no: '110101199001010000' })).body.code).toBe(codeOf('CARD_CHECK_FAILED'));
    expect((await get('/api/bill/bankinfo', m.token)).body.data.card).toBeNull();
    const saved = await addCard(t, m);
    expect(saved.body.code).toBe(1);
    expect(saved.body.data.card).toMatchObject({
      bank_code: 'ICBC',
      card_no: '**** **** **** 3440',
      holder_name: '张三',
      withdraw_after: null,
    });
    // never the number in clear, anywhere in the answer or the row
    expect(JSON.stringify(saved.body)).not.toContain(ICBC_CARD);
    const { rows } = await t.sql(`SELECT card_cipher FROM bank_cards WHERE user_id = $1`, [m.id]);
    expect(rows[0].card_cipher).not.toContain(ICBC_CARD);
  });

  it("the SMS send call sends card and withdrawal codes only to the logged-in caller's own mobile", async () => {
    // the demo musician: registered by the seed, so no code went to it this minute (the per-mobile limit)
    const demo = await call(t.app, {
      method: 'POST',
      url: '/api/user/login',
      payload: { account: '13800138000', password: 'Trackline2026' },
      remoteAddress: ip(),
    });
    expect(demo.body.code, JSON.stringify(demo.body)).toBe(1);
    const m = { mobile: '13800138000', token: demo.body.data.userinfo.token as string };
    const other = await musician();
    const send = (mobile: string, event: string, token?: string) =>
      call(t.app, {
        method: 'GET',
        url: `/api/sms/send?mobile=${mobile}&event=${event}`,
        headers: token ? { token } : {},
        remoteAddress: ip(),
      });
    // no session: nobody can make the service text a card code to someone else's phone
    expect((await send(m.mobile, 'bankcard')).body.code).toBe(1000);
    expect((await send(m.mobile, 'withdraw')).body.code).toBe(1000);
    expect((await send(other.mobile, 'bankcard', m.token)).body.code).toBe(codeOf('SMS_NOT_YOUR_MOBILE'));
    const sent = await send(m.mobile, 'bankcard', m.token);
    expect(sent.body.code, JSON.stringify(sent.body)).toBe(1);
    expect(t.lastSmsCode(m.mobile, 'bankcard')).toMatch(/^\d{6}$/);
  });

  it('changing the card holds withdrawals for 24 hours and tells the musician', async () => {
    const m = await ready(1_000n);
    const changed = await addCard(t, m, { card_no: '6228480011223344556' });
    expect(changed.body.data.card).toMatchObject({ bank_code: 'ABC', card_no: '**** **** **** 4556' });
    expect(changed.body.data.card.withdraw_after).not.toBeNull();
    expect((await withdraw(t, m, '200')).body.code).toBe(codeOf('WITHDRAW_CARD_CHANGED'));
    const { rows } = await t.sql(`SELECT title FROM messages WHERE user_id = $1 AND kind = 'withdrawal'`, [m.id]);
    expect(rows.map((r) => r.title)).toContain('提现银行卡已变更');
    const inEnglish = await call(t.app, {
      method: 'GET',
      url: '/api/message/getlist?page=1&limit=50',
      headers: { token: m.token, 'accept-language': 'en' },
    });
    expect(inEnglish.body.data.list).toContainEqual(
      expect.objectContaining({
        kind: 'withdrawal',
        title: 'Your withdrawal card was changed',
        content: expect.stringContaining('the card ending 4556'),
      }),
    );
    // a day later it may withdraw
    await t.sql(`UPDATE bank_cards SET created_at = now() - interval '25 hours' WHERE user_id = $1 AND active`, [m.id]);
    expect((await withdraw(t, m, '200')).body.code).toBe(1);
  });
});

describe('withdrawing: the figures and every refusal', () => {
  it('the preview shows gross, tax, fee and net; sure holds exactly that', async () => {
    const m = await ready(10_000n);
    const p = await get('/api/bill/withdraw_preview?amount=5000', m.token);
    // 5000 × 80% × 20% = 800 tax, 1.00 fee
    expect(p.body.data).toEqual({
      gross_fen: '500000',
      tax_fen: '80000',
      fee_fen: '100',
      net_fen: '419900',
      withheld: true,
      month_prior_fen: '0',
    });
    const w = await withdraw(t, m, '5000');
    expect(w.body.data).toMatchObject({
      status: 'requested',
      gross_fen: '500000',
      tax_fen: '80000',
      net_fen: '419900',
    });
    expect(w.body.data.timeline.map((e: { status: string }) => e.status)).toEqual(['requested']);
    expect(await balancesOf(db(), m.id)).toMatchObject({ available: 500_000n, withdrawing: 500_000n });
    // the month's second withdrawal is taxed on the cumulative amount: 10000 × 80% × 20% − 800
    const p2 = await get('/api/bill/withdraw_preview?amount=5000', m.token);
    expect(p2.body.data).toMatchObject({ tax_fen: '80000', month_prior_fen: '500000' });
    const p3 = await get('/api/bill/withdraw_preview?amount=100', m.token);
    expect(p3.body.data).toMatchObject({ tax_fen: '1600' });
  });

  it('refuses with the reason: no name, no card, below the minimum, above the cap, frozen, balance, bad amount, bad code', async () => {
    const m = await musician();
    await giveIncome(t, m.id, 6_000_000n);
    expect((await withdraw(t, m, '200')).body.code).toBe(codeOf('WITHDRAW_NOT_VERIFIED'));
    await verify(t, m.id);
    expect((await withdraw(t, m, '200')).body.code).toBe(codeOf('WITHDRAW_NO_CARD'));
    expect((await addCard(t, m)).body.code).toBe(1);
    expect((await withdraw(t, m, '99.99')).body.code).toBe(codeOf('WITHDRAW_BELOW_MIN'));
    expect((await withdraw(t, m, '50000.01')).body.code).toBe(codeOf('WITHDRAW_ABOVE_CAP'));
    expect((await withdraw(t, m, '1.234')).body.code).toBe(codeOf('VALIDATION'));
    expect((await withdraw(t, m, '0')).body.code).toBe(codeOf('WITHDRAW_AMOUNT_INVALID'));
    expect((await withdraw(t, m, '200', freshKey(), '000000')).body.code).toBe(codeOf('SMS_CODE_WRONG'));
    const freeze = await asStaff(admin, 'POST', '/api/admin/withdrawals/freeze', {
      user_id: m.id,
      frozen: true,
      reason: 'store notice',
    });
    expect(freeze.body.code).toBe(1);
    expect((await withdraw(t, m, '200')).body.code).toBe(codeOf('WITHDRAW_FROZEN'));
    await asStaff(admin, 'POST', '/api/admin/withdrawals/freeze', { user_id: m.id, frozen: false });
    expect((await withdraw(t, m, '40000')).body.code).toBe(1);
    // 10000 more would pass the cap only by 0: exactly the cap is allowed, a fen more is not
    expect((await withdraw(t, m, '10000.01')).body.code).toBe(codeOf('WITHDRAW_ABOVE_CAP'));
    const poor = await ready(150n);
    expect((await withdraw(t, poor, '150.01')).body.code).toBe(codeOf('BALANCE_INSUFFICIENT'));
    // a refusal in English for an English caller
    const en = await call(t.app, {
      method: 'POST',
      url: '/api/bill/sure',
      headers: { token: poor.token, 'idempotency-key': freshKey(), 'accept-language': 'en' },
      payload: { amount: '99', code: await smsCode(t, poor.mobile, 'withdraw') },
    });
    expect(en.body).toMatchObject({
      code: codeOf('WITHDRAW_BELOW_MIN'),
      msg: 'The amount is below the minimum withdrawal',
    });
    expect(await balancesOf(db(), poor.id)).toMatchObject({ available: 15_000n, withdrawing: 0n });
  });

  it('an enterprise is not withheld', async () => {
    const m = await musician();
    await t.sql(`UPDATE users SET group_id = 2, company_name = '乐轨测试有限公司', is_verify = 1 WHERE id = $1`, [
      m.id,
    ]);
    await giveIncome(t, m.id, 1_000_000n);
    expect((await addCard(t, m, { holder_name: '乐轨测试有限公司' })).body.code).toBe(1);
    const w = await withdraw(t, m, '5000');
    expect(w.body.data).toMatchObject({
      tax_fen: '0',
      fee_fen: '100',
      net_fen: '499900',
      party_kind: 'enterprise',
      invoice_required: true,
      invoice_uploaded: false,
    });
    const id = w.body.data.id as number;
    // finance checks the invoice: none yet, no approval
    expect((await asStaff(admin, 'POST', '/api/admin/withdrawals/approve', { id })).body.code).toBe(
      codeOf('WITHDRAW_INVOICE_REQUIRED'),
    );
    const upload = async (token: string, file: Buffer, name: string, type: string) => {
      const body = await multipart(file, name, type);
      return call(t.app, {
        method: 'POST',
        url: `/api/bill/withdrawal_invoice?id=${id}`,
        payload: body.payload,
        headers: { token, 'content-type': body.contentType },
      });
    };
    const pdf = Buffer.from('%PDF-1.4\n% invoice 5000.00\n%%EOF\n');
    expect((await upload(m.token, Buffer.from('not an invoice'), 'x.txt', 'text/plain')).body.code).toBe(
      codeOf('WITHDRAW_INVOICE_INVALID'),
    );
    const other = await musician();
    expect((await upload(other.token, pdf, 'fapiao.pdf', 'application/pdf')).body.code).toBe(
      codeOf('WITHDRAWAL_NOT_FOUND'),
    );
    const uploaded = await upload(m.token, pdf, 'fapiao.pdf', 'application/pdf');
    expect(uploaded.body.data).toMatchObject({ invoice_uploaded: true });
    const detail = (await asStaff(admin, 'GET', `/api/admin/withdrawals/detail?id=${id}`)).body.data;
    expect(detail.invoice_url).toMatch(/\/files\/users\/\d+\/invoices\/.+\?/);
    // the invoice is private: without the signed query it is not served
    const bare = await t.app.inject({
      method: 'GET',
      url: detail.invoice_url.replace(/^https?:\/\/[^/]+/, '').split('?')[0],
    });
    expect(bare.statusCode).toBe(404);
    const signed = await t.app.inject({ method: 'GET', url: detail.invoice_url.replace(/^https?:\/\/[^/]+/, '') });
    expect(signed.statusCode).toBe(200);
    expect((await asStaff(admin, 'POST', '/api/admin/withdrawals/approve', { id })).body.data.status).toBe('approved');
    expect((await upload(m.token, pdf, 'fapiao.pdf', 'application/pdf')).body.code).toBe(
      codeOf('WITHDRAWAL_STATE_CHANGED'),
    );
  });
});

describe('exactly once', () => {
  it('100 concurrent sure for the full balance: one succeeds, 99 refusals, balance 0', async () => {
    const m = await ready(500n);
    const code = await smsCode(t, m.mobile, 'withdraw');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => withdraw(t, m, '500', freshKey('burst'), code)),
    );
    const codes = answers.map((a) => a.body.code);
    expect(
      codes.filter((c) => c === 1),
      JSON.stringify([...new Set(codes)]),
    ).toHaveLength(1);
    expect(codes.filter((c) => c !== 1)).toHaveLength(99);
    expect(await balancesOf(db(), m.id)).toMatchObject({ available: 0n, withdrawing: 50_000n });
    const { rows } = await t.sql(`SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1`, [m.id]);
    expect(rows[0].n).toBe(1);
  });

  it('100 concurrent holds past the SMS step (distinct keys): one lands, 99 are refused for the balance', async () => {
    const m = await ready(500n);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        holdWithdrawal(t.deps, m.id, 50_000n, freshKey(`hold${i}`)).then(
          () => 'ok',
          (err: { key?: string }) => err.key ?? String(err),
        ),
      ),
    );
    expect(
      results.filter((r) => r === 'ok'),
      JSON.stringify([...new Set(results)]),
    ).toHaveLength(1);
    expect(results.filter((r) => r === 'BALANCE_INSUFFICIENT')).toHaveLength(99);
    expect(await balancesOf(db(), m.id)).toMatchObject({ available: 0n, withdrawing: 50_000n });
  });

  it('the same idempotency key 10 times in parallel, then 10 times again: one withdrawal, identical answers', async () => {
    const m = await ready(1_000n);
    const key = freshKey('same');
    const code = await smsCode(t, m.mobile, 'withdraw');
    const parallel = await Promise.all(Array.from({ length: 10 }, () => withdraw(t, m, '300', key, code)));
    const again = [];
    for (let i = 0; i < 10; i++) again.push(await withdraw(t, m, '300', key, code));
    const bodies = [...parallel, ...again].map((a) => JSON.stringify(a.body));
    expect(new Set(bodies).size, bodies[0]).toBe(1);
    expect(parallel[0]!.body.code).toBe(1);
    const { rows } = await t.sql(`SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1`, [m.id]);
    expect(rows[0].n).toBe(1);
    expect(await balancesOf(db(), m.id)).toMatchObject({ available: 70_000n, withdrawing: 30_000n });
    // the same key for another amount is refused, not answered with the first withdrawal
    const other = await withdraw(t, m, '301', key);
    expect(other.body.code).toBe(codeOf('IDEMPOTENCY_MISMATCH'));
  });
});

describe('finance', () => {
  it('the authorization matrix: musician calls need the session, console calls the finance role', async () => {
    const m = await ready(300n);
    const editor = await member(['editor']);
    for (const [method, url] of [
      ['GET', '/api/bill/banktype'],
      ['GET', '/api/bill/bankinfo'],
      ['GET', `/api/bill/bankmation?card_no=${ICBC_CARD}`],
      ['POST', '/api/bill/bank_save'],
      ['GET', '/api/bill/withdraw_preview?amount=100'],
      ['POST', '/api/bill/sure'],
      ['GET', '/api/bill/withdrawals'],
      ['GET', '/api/bill/withdrawal?id=1'],
      ['GET', '/api/bill/withdrawal_receipt?id=1'],
      ['POST', '/api/bill/withdrawal_invoice?id=1'],
    ] as const) {
      expect((await call(t.app, { method, url, payload: method === 'POST' ? {} : undefined })).body.code, url).toBe(
        1000,
      );
      expect((await call(t.app, { method, url, headers: { 'admin-token': admin } })).body.code, url).toBe(1000);
    }
    for (const [method, url] of [
      ['GET', '/api/admin/withdrawals/queue'],
      ['GET', '/api/admin/withdrawals/detail?id=1'],
      ['POST', '/api/admin/withdrawals/approve'],
      ['POST', '/api/admin/withdrawals/refuse'],
      ['POST', '/api/admin/withdrawals/payout'],
      ['GET', '/api/admin/withdrawals/batches'],
      ['GET', '/api/admin/withdrawals/batch_file?id=1'],
      ['POST', '/api/admin/withdrawals/batch_result?id=1'],
      ['POST', '/api/admin/withdrawals/freeze'],
      ['GET', '/api/admin/withdrawals/tax_report?month=2026-11'],
      ['GET', '/api/admin/withdrawals/banks'],
      ['POST', '/api/admin/withdrawals/bank_save'],
      ['POST', '/api/admin/withdrawals/bin_save'],
    ] as const) {
      const payload = method === 'POST' ? {} : undefined;
      expect((await call(t.app, { method, url, payload })).body.code, url).toBe(1000);
      expect((await call(t.app, { method, url, payload, headers: { token: m.token } })).body.code, url).toBe(1000);
      expect((await call(t.app, { method, url, payload, headers: { 'admin-token': editor } })).body.code, url).toBe(
        codeOf('FORBIDDEN'),
      );
    }
    // another musician's withdrawal is not found
    const w = await withdraw(t, m, '100');
    const other = await musician();
    expect((await get(`/api/bill/withdrawal?id=${w.body.data.id}`, other.token)).body.code).toBe(
      codeOf('WITHDRAWAL_NOT_FOUND'),
    );
    expect((await get(`/api/bill/withdrawal_receipt?id=${w.body.data.id}`, other.token)).body.code).toBe(
      codeOf('WITHDRAWAL_NOT_FOUND'),
    );
  });

  it('queue → approve → payout batch (dev provider) → paid: ledger settled, receipt, report', async () => {
    const finance = await member(['finance']);
    const m = await ready(2_000n);
    const w = (await withdraw(t, m, '1000')).body.data;
    const q = await asStaff(finance, 'GET', `/api/admin/withdrawals/queue?mobile=${m.mobile}`);
    expect(q.body.data.list).toHaveLength(1);
    expect(q.body.data.list[0]).toMatchObject({
      id: w.id,
      status: 'requested',
      risk: ['first_withdrawal', 'new_card'],
    });
    const d = await asStaff(finance, 'GET', `/api/admin/withdrawals/detail?id=${w.id}`);
    expect(d.body.data.balances).toMatchObject({ available_fen: '100000', withdrawing_fen: '100000' });
    expect((await asStaff(finance, 'POST', '/api/admin/withdrawals/approve', { id: w.id })).body.data.status).toBe(
      'approved',
    );
    expect((await asStaff(finance, 'POST', '/api/admin/withdrawals/approve', { id: w.id })).body.code).toBe(
      codeOf('WITHDRAWAL_STATE_CHANGED'),
    );
    const batch = await asStaff(finance, 'POST', '/api/admin/withdrawals/payout', { provider: 'devlog' });
    expect(batch.body.data.count).toBeGreaterThanOrEqual(1);
    await t.runJobs();
    await t.runJobs();
    const paid = (await get(`/api/bill/withdrawal?id=${w.id}`, m.token)).body.data;
    expect(paid.status).toBe('paid');
    expect(paid.timeline.map((e: { status: string }) => e.status)).toEqual(['requested', 'approved', 'sent', 'paid']);
    // 1000 − 800 = 200 taxable × 20% = 40 tax, 1.00 fee, 959.00 net
    expect(paid).toMatchObject({ gross_fen: '100000', tax_fen: '4000', fee_fen: '100', net_fen: '95900' });
    expect(await balancesOf(db(), m.id)).toMatchObject({ available: 100_000n, withdrawing: 0n, withdrawn: 100_000n });
    const log = await readFile(path.join(t.deps.config.dataDir, 'payouts', 'devlog.jsonl'), 'utf8');
    expect(log.split('\n').filter((l) => l.includes(`"order_id":"${w.id}"`))).toHaveLength(1);
    // the receipt: a private file made once, read through short-lived signed links (owner: a redirect; finance: detail)
    const receiptCalls = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, { method: 'GET', url: `/api/bill/withdrawal_receipt?id=${w.id}`, headers: { token: m.token } }),
      ),
    );
    const key = `users/${m.id}/receipts/withdrawal-${w.id}.pdf`;
    for (const r of receiptCalls) {
      expect(r.status).toBe(302);
      expect(new URL(r.headers.location as string, 'http://x').pathname).toBe(`/files/${key}`);
    }
    const stored = await t.deps.storage.get(key);
    expect(stored?.subarray(0, 5).toString()).toBe('%PDF-');
    const link = receiptCalls[0]!.headers.location as string;
    expect(link).toMatch(/[?&]sig=/);
    const file = await t.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(stored!)).toBe(true);
    // without the signature, or with it tampered, nothing of the file
    expect((await t.app.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: link.replace(/sig=[^&]+/, 'sig=00') })).statusCode).toBe(403);
    // made again from scratch (a rerun after the file was lost): the same bytes
    await t.deps.storage.remove(key);
    await call(t.app, { method: 'GET', url: `/api/bill/withdrawal_receipt?id=${w.id}`, headers: { token: m.token } });
    expect((await t.deps.storage.get(key))!.equals(stored!)).toBe(true);
    const fin = await asStaff(finance, 'GET', `/api/admin/withdrawals/detail?id=${w.id}`);
    expect(new URL(fin.body.data.receipt_url, 'http://x').pathname).toBe(`/files/${key}`);
    expect((await t.app.inject({ method: 'GET', url: fin.body.data.receipt_url })).rawPayload.equals(stored!)).toBe(
      true,
    );
    const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    const report = await asStaff(finance, 'GET', `/api/admin/withdrawals/tax_report?month=${month}`);
    const mine = report.body.data.list.find((r: { user_id: number }) => r.user_id === m.id);
    expect(mine).toMatchObject({ name: '张三', gross_fen: '100000', tax_fen: '4000', withdrawals: 1 });
    // no ID number on file for this account (its name was set directly): none shown, never the mobile
    expect(mine.id_masked).toBe('');
    const { rows } = await t.sql(`SELECT title FROM messages WHERE user_id = $1 AND kind = 'withdrawal'`, [m.id]);
    expect(rows.map((r) => r.title)).toContain('提现已到账');
    // the messages are templates: each reader gets their own language
    const titles = async (lang: string) =>
      (
        await call(t.app, {
          method: 'GET',
          url: '/api/message/getlist?page=1&limit=50',
          headers: { token: m.token, 'accept-language': lang },
        })
      ).body.data.list
        .filter((x: { kind: string }) => x.kind === 'withdrawal')
        .map((x: { title: string; content: string }) => `${x.title} | ${x.content}`);
    const en = await titles('en-GB,en;q=0.9');
    expect(en).toEqual([
      `Withdrawal paid | Withdrawal #${w.id} was paid: ¥959.00 reached your card.`,
      `Withdrawal approved | Withdrawal #${w.id} was approved and goes to the bank with the next payout: ¥959.00 will arrive.`,
    ]);
    const zh = await titles('zh-CN');
    expect(zh).toEqual([
      `提现已到账 | 提现 #${w.id} 已打款，实际到账 ¥959.00。`,
      `提现审核通过 | 提现 #${w.id} 已审核通过，将随下一批次打款，预计到账 ¥959.00。`,
    ]);
  });

  it('a refused withdrawal returns the money and says why', async () => {
    const m = await ready(1_000n);
    const w = (await withdraw(t, m, '400')).body.data;
    expect((await asStaff(admin, 'POST', '/api/admin/withdrawals/refuse', { id: w.id, reason: ' ' })).body.code).toBe(
      codeOf('VALIDATION'),
    );
    const refused = await asStaff(admin, 'POST', '/api/admin/withdrawals/refuse', {
      id: w.id,
      reason: '银行卡信息需复核',
    });
    expect(refused.body.data).toMatchObject({ status: 'refused', reason: '银行卡信息需复核' });
    expect(await balancesOf(db(), m.id)).toMatchObject({ available: 100_000n, withdrawing: 0n });
    const mine = (await get(`/api/bill/withdrawal?id=${w.id}`, m.token)).body.data;
    expect(mine.timeline.at(-1)).toMatchObject({ status: 'refused', note: '银行卡信息需复核' });
    expect(
      (await asStaff(admin, 'POST', '/api/admin/withdrawals/refuse', { id: w.id, reason: 'again' })).body.code,
    ).toBe(codeOf('WITHDRAWAL_STATE_CHANGED'));
    // the refused amount does not count towards the month: the next withdrawal is taxed as the first
    expect((await get('/api/bill/withdraw_preview?amount=400', m.token)).body.data.month_prior_fen).toBe('0');
  });

  it('a large withdrawal needs a second finance member', async () => {
    const one = await member(['finance']);
    const two = await member(['finance']);
    const m = await ready(30_000n);
    const w = (await withdraw(t, m, '20000')).body.data;
    const first = await asStaff(one, 'POST', '/api/admin/withdrawals/approve', { id: w.id });
    expect(first.body.data.status).toBe('requested');
    expect((await asStaff(one, 'POST', '/api/admin/withdrawals/approve', { id: w.id })).body.code).toBe(
      codeOf('WITHDRAWAL_SECOND_APPROVER'),
    );
    const second = await asStaff(two, 'POST', '/api/admin/withdrawals/approve', { id: w.id });
    expect(second.body.data.status).toBe('approved');
    expect(second.body.data.timeline.map((e: { status: string }) => e.status)).toEqual([
      'requested',
      'approved_first',
      'approved',
    ]);
  });
});

describe('payouts survive crashes, replays and forgeries', () => {
  async function approvedInBatch(provider: 'devlog' | 'bankfile', yuan = '300') {
    const m = await ready(1_000n);
    const w = (await withdraw(t, m, yuan)).body.data;
    await asStaff(admin, 'POST', '/api/admin/withdrawals/approve', { id: w.id });
    const batch = (await asStaff(admin, 'POST', '/api/admin/withdrawals/payout', { provider })).body.data;
    return { m, w, batchId: batch.batch_id as number };
  }

  it('a batch sent twice (a rerun after a crash) pays once; a replayed callback and a forged one change nothing', async () => {
    const { m, w, batchId } = await approvedInBatch('devlog');
    // the worker dies after the provider took the orders but before they were marked sent: the job runs again
    await sendBatch(t.deps, batchId);
    await sendBatch(t.deps, batchId);
    const log = await readFile(path.join(t.deps.config.dataDir, 'payouts', 'devlog.jsonl'), 'utf8');
    expect(log.split('\n').filter((l) => l.includes(`"order_id":"${w.id}"`))).toHaveLength(1);
    // forged: a bad signature, or a good signature for another outcome
    const forged = await call(t.app, {
      method: 'POST',
      url: '/api/payout/callback',
      payload: { id: w.id, outcome: 'failed', detail: 'x', sig: 'f'.repeat(64) },
    });
    expect(forged.body.code).toBe(codeOf('PAYOUT_SIGNATURE_INVALID'));
    const sig = signCallback(callbackSecret(t.deps), w.id, 'paid', 'bank ok');
    const swapped = await call(t.app, {
      method: 'POST',
      url: '/api/payout/callback',
      payload: { id: w.id, outcome: 'failed', detail: 'bank ok', sig },
    });
    expect(swapped.body.code).toBe(codeOf('PAYOUT_SIGNATURE_INVALID'));
    expect((await get(`/api/bill/withdrawal?id=${w.id}`, m.token)).body.data.status).toBe('sent');
    // the real callback, replayed 20 times at once
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, {
          method: 'POST',
          url: '/api/payout/callback',
          payload: { id: w.id, outcome: 'paid', detail: 'bank ok', sig },
        }),
      ),
    );
    expect(answers.filter((a) => a.body.data?.changed === true)).toHaveLength(1);
    expect(answers.filter((a) => a.body.data?.changed === false)).toHaveLength(19);
    // the dev provider's own delayed callback arrives after: nothing more
    await t.runJobs();
    expect(await balancesOf(db(), m.id)).toMatchObject({ available: 70_000n, withdrawing: 0n, withdrawn: 30_000n });
    const { rows } = await t.sql(`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE $1`, [
      `withdrawal:${w.id}:%`,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('a batch queued when the server died is sent when a worker comes back; a bank failure releases the hold', async () => {
    const { m, w, batchId } = await approvedInBatch('devlog');
    expect((await get(`/api/bill/withdrawal?id=${w.id}`, m.token)).body.data.status).toBe('approved');
    // the bank says no before the send job even ran (the order reached it on an earlier, crashed run)
    const sig = signCallback(callbackSecret(t.deps), w.id, 'failed', '账户已销户');
    const failed = await call(t.app, {
      method: 'POST',
      url: '/api/payout/callback',
      payload: { id: w.id, outcome: 'failed', detail: '账户已销户', sig },
    });
    expect(failed.body.data.changed).toBe(true);
    await t.runJobs();
    await t.runJobs();
    const view = (await get(`/api/bill/withdrawal?id=${w.id}`, m.token)).body.data;
    expect(view).toMatchObject({ status: 'failed', reason: '账户已销户' });
    expect(await balancesOf(db(), m.id)).toMatchObject({ available: 100_000n, withdrawing: 0n, withdrawn: 0n });
    const batches = (await asStaff(admin, 'GET', '/api/admin/withdrawals/batches')).body.data;
    expect(batches.find((b: { id: number }) => b.id === batchId)).toMatchObject({ status: 'sent' });
  });

  it('the bank file adapter: a CSV for the bank, and its result file back (paid and failed, replayed)', async () => {
    const a = await approvedInBatch('bankfile', '200');
    await t.runJobs();
    const file = await call(t.app, {
      method: 'GET',
      url: `/api/admin/withdrawals/batch_file?id=${a.batchId}`,
      headers: { 'admin-token': admin },
    });
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    expect(file.body.msg).toContain(`${a.w.id},张三,${ICBC_CARD},ICBC,`);
    expect((await get(`/api/bill/withdrawal?id=${a.w.id}`, a.m.token)).body.data.status).toBe('sent');
    const result = `order_id,result,detail\n${a.w.id},paid,ok\n`;
    const upload = () =>
      call(t.app, {
        method: 'POST',
        url: `/api/admin/withdrawals/batch_result?id=${a.batchId}`,
        headers: { 'admin-token': admin, 'content-type': 'text/plain' },
        payload: result,
      });
    expect((await upload()).body.data).toEqual({ rows: 1, changed: 1 });
    expect((await upload()).body.data).toEqual({ rows: 1, changed: 0 });
    expect((await get(`/api/bill/withdrawal?id=${a.w.id}`, a.m.token)).body.data.status).toBe('paid');
    const bad = await call(t.app, {
      method: 'POST',
      url: `/api/admin/withdrawals/batch_result?id=${a.batchId}`,
      headers: { 'admin-token': admin, 'content-type': 'text/plain' },
      payload: 'nonsense',
    });
    expect(bad.body.code).toBe(codeOf('PAYOUT_FILE_INVALID'));
  });
});

describe('banks for finance', () => {
  it('finance adds a BIN and a bank; bankmation knows them at once', async () => {
    const m = await musician();
    expect((await get('/api/bill/bankmation?card_no=6217001234567890123', m.token)).body.data.bank_code).toBe('CCB');
    const saved = await asStaff(admin, 'POST', '/api/admin/withdrawals/bank_save', {
      code: 'SPDB',
      name: '浦发银行',
      name_en: 'Shanghai Pudong Development Bank',
    });
    expect(saved.body.code).toBe(1);
    const bin = await asStaff(admin, 'POST', '/api/admin/withdrawals/bin_save', {
      bin: '622521',
      bank_code: 'SPDB',
      card_type: 'debit',
    });
    expect(bin.body.code).toBe(1);
    expect((await get('/api/bill/bankmation?card_no=6225211234567890', m.token)).body.data).toMatchObject({
      bank_code: 'SPDB',
      is_support: true,
    });
  });
});
