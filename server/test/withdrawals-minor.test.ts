/**
 * A minor's withdrawal reaches only the guardian's card. Nothing is stood in for: the minor registers through
 * POST /api/user/register_children (both mobiles' SMS codes), sends the supplement (own ID, the guardian's ID, drawn
 * consent) and the guardian is verified by the development identity provider's signed callback, as in
 * realname.test.ts. Then the withdrawals module has to take legalParty's answer: the card must carry the guardian's
 * name, the withdrawal and the payout name the guardian and that card, and the tax report lists the minor (the
 * earner) with their own masked ID number.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { idCheckCharacter } from '@trackline/contract/identity';
import { API } from '@trackline/contract/paths';
import { MINOR_TERMS_VERSION } from '@trackline/contract/realname';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalParty } from '../src/modules/account/legal-party';
import { callbackSecret } from '../src/modules/realname/identity-crypto';
import { callbackSignature } from '../src/modules/realname/identity-provider';
import { balancesOf } from '../src/modules/royalties/ledger';
import { call, createTestApp, freshMobile, ipSequence, staffLogin, type TestApp } from './harness';
import { addCard, codeOf, giveIncome, type Musician, withdraw } from './withdrawal-support';
import { signaturePng } from './work-client';

let t: TestApp;
let admin: string;
const ip = ipSequence(213);
const R = API.realname;

beforeAll(async () => {
  t = await createTestApp({ PAYOUT_DEV_DELAY_SECONDS: '0' });
  admin = await staffLogin(t);
});
afterAll(async () => {
  await t?.close();
});

function idBorn(birth: string, seq: string): string {
  const first17 = `110102${birth}${seq}`;
  return first17 + idCheckCharacter(first17);
}
const minorBirth = () => `${new Date(Date.now() + 8 * 3600_000).getUTCFullYear() - 15}0101`;

async function smsSent(mobile: string, event: string, from: string): Promise<string> {
  const sent = await call(t.app, {
    method: 'GET',
    url: `/api/sms/send?mobile=${mobile}&event=${event}`,
    remoteAddress: from,
  });
  expect(sent.body.code, JSON.stringify(sent.body)).toBe(1);
  return t.lastSmsCode(mobile, event)!;
}

/** A minor registered with the guardian's mobile, the supplement sent; answers the provider's attempt token. */
async function minorWithSupplement(minorId: string, guardianId: string) {
  const mobile = freshMobile();
  const guardianMobile = freshMobile();
  const from = ip();
  const res = await call(t.app, {
    method: 'POST',
    url: R.registerChildren,
    remoteAddress: from,
    payload: {
      mobile,
      code: await smsSent(mobile, 'register', from),
      guardian_mobile: guardianMobile,
      guardian_code: await smsSent(guardianMobile, 'guardian', ip()),
      password: 'Secret123',
      agree_minor_terms: true,
      terms_version: MINOR_TERMS_VERSION,
    },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  const m: Musician = { id: res.body.data.userinfo.id, mobile, token: res.body.data.userinfo.token };
  const nonage = await call(t.app, {
    method: 'POST',
    url: R.sendNonage,
    headers: { token: m.token },
    payload: {
      minor_name: '王小乐',
      minor_id_number: minorId,
      guardian_name: '王监护',
      guardian_id_number: guardianId,
      guardian_relation: 'mother',
      guardian_mobile: guardianMobile,
      consent_png: signaturePng(),
      agree: true,
    },
  });
  expect(nonage.body.code, JSON.stringify(nonage.body)).toBe(1);
  return { m, attempt: new URL(nonage.body.data.url, 'http://x').searchParams.get('attempt')! };
}

/** The development provider's answer, signed with the configured secret (what its page posts). */
function providerCallback(attempt: string) {
  const body = { attempt, result: 'pass', reason: '', nonce: randomUUID(), timestamp: Math.floor(Date.now() / 1000) };
  return call(t.app, {
    method: 'POST',
    url: R.callback,
    payload: { ...body, signature: callbackSignature(callbackSecret(t.deps), body) },
  });
}

describe('a minor (real names module, no stand-ins)', () => {
  it("takes only a card in the guardian's name, and the money goes only to that card", async () => {
    const minorId = idBorn(minorBirth(), '456');
    const guardianId = idBorn('19800101', '789');
    const { m, attempt } = await minorWithSupplement(minorId, guardianId);
    await giveIncome(t, m.id, 100_000n);

    // the guardian is not verified yet: no card at all
    expect((await addCard(t, m, { holder_name: '王监护', id_no: guardianId })).body.code).toBe(
      codeOf('WITHDRAW_NOT_VERIFIED'),
    );
    // a forged callback changes nothing
    const forged = await call(t.app, {
      method: 'POST',
      url: R.callback,
      payload: {
        attempt,
        result: 'pass',
        reason: '',
        nonce: randomUUID(),
        timestamp: Math.floor(Date.now() / 1000),
        signature: createHmac('sha256', 'not-the-secret').update(attempt).digest('hex'),
      },
    });
    expect(forged.body.code).not.toBe(1);
    expect((await legalParty(t.deps.database.db, m.id))?.verified).toBe(false);

    const verified = await providerCallback(attempt);
    expect(verified.body.code, JSON.stringify(verified.body)).toBe(1);
    expect(await legalParty(t.deps.database.db, m.id)).toMatchObject({
      kind: 'minor',
      name: '王小乐',
      verified: true,
      guardianName: '王监护',
      payeeName: '王监护',
    });

    // the minor's own name and anyone else's are refused; the guardian's card is taken
    for (const holder of ['王小乐', '李路人'])
      expect((await addCard(t, m, { holder_name: holder, id_no: guardianId })).body.code).toBe(
        codeOf('CARD_HOLDER_MISMATCH'),
      );
    const saved = await addCard(t, m, { holder_name: '王监护', id_no: guardianId });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(1);
    expect(saved.body.data.card.holder_name).toBe('王监护');
    expect(saved.body.data.party).toMatchObject({ kind: 'minor', payee_name: '王监护' });
    const cards = await t.sql(`SELECT id, holder_name, holder_kind, last4 FROM bank_cards WHERE user_id = $1`, [m.id]);
    expect(cards.rows).toHaveLength(1);
    expect(cards.rows[0]).toMatchObject({ holder_name: '王监护', holder_kind: 'minor' });

    const w = await withdraw(t, m, '300');
    expect(w.body.data, JSON.stringify(w.body)).toMatchObject({
      payee_name: '王监护',
      party_kind: 'minor',
      status: 'requested',
    });
    const row = await t.sql(`SELECT card_id, payee_name FROM withdrawals WHERE id = $1`, [w.body.data.id]);
    expect(row.rows[0]).toEqual({ card_id: cards.rows[0].id, payee_name: '王监护' });

    // finance approves and pays through the development provider: the order names the guardian and that card
    const asAdmin = (url: string, payload: object) =>
      call(t.app, { method: 'POST', url, headers: { 'admin-token': admin }, payload });
    expect((await asAdmin('/api/admin/withdrawals/approve', { id: w.body.data.id })).body.code).toBe(1);
    expect((await asAdmin('/api/admin/withdrawals/payout', { provider: 'devlog' })).body.code).toBe(1);
    await t.runJobs();
    await t.runJobs();
    const log = await readFile(path.join(t.deps.config.dataDir, 'payouts', 'devlog.jsonl'), 'utf8');
    const orders = log
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((o) => o.order_id === String(w.body.data.id));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ payee: '王监护', card_last4: cards.rows[0].last4 });
    const paid = await call(t.app, {
      method: 'GET',
      url: `/api/bill/withdrawal?id=${w.body.data.id}`,
      headers: { token: m.token },
    });
    expect(paid.body.data.status).toBe('paid');
    expect((await balancesOf(t.deps.database.db, m.id))!.available).toBe(70_000n);

    // the tax report lists the earner: the minor's legal name and own masked ID, never the guardian's
    const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    const report = await call(t.app, {
      method: 'GET',
      url: `/api/admin/withdrawals/tax_report?month=${month}`,
      headers: { 'admin-token': admin },
    });
    const line = report.body.data.list.find((r: { user_id: number }) => r.user_id === m.id);
    expect(line).toMatchObject({ name: '王小乐', payee_name: '王监护', party_kind: 'minor', withdrawals: 1 });
    expect(line.id_masked).toMatch(/^110102\*{8}\d{3}[\dX]$/);
    expect(line.id_masked.slice(-4)).toBe(minorId.slice(-4));
    expect(line.id_masked).not.toContain(minorId.slice(6, 14));
    expect(line.id_masked).not.toBe(`110102********${guardianId.slice(-4)}`);
  });
});
