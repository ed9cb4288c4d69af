/**
 * A minor's withdrawal reaches only the guardian's card. Whose name a card must carry comes from one place,
 * account/legal-party.ts; until the real-name work (issue 10) records minors there, this file stands in for it with
 * a minor whose guardian is 王监护 (the test's only stand-in: everything else is the real server and database).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { balancesOf } from '../src/modules/royalties/ledger';
import { createTestApp, ipSequence, registerUser, type TestApp } from './harness';
import { addCard, codeOf, giveIncome, withdraw } from './withdrawal-support';

const minors = new Set<number>();
vi.mock('../src/modules/account/legal-party', async (original) => {
  const real = await original<typeof import('../src/modules/account/legal-party')>();
  return {
    ...real,
    legalParty: async (db: Parameters<typeof real.legalParty>[0], userId: number) => {
      const party = await real.legalParty(db, userId);
      if (!party || !minors.has(userId)) return party;
      return { ...party, kind: 'minor' as const, payeeName: '王监护', guardianName: '王监护' };
    },
  };
});

let t: TestApp;
const ip = ipSequence(213);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a minor', () => {
  it("cards in the minor's own name are refused; the guardian's card is taken and the withdrawal names the guardian", async () => {
    const r = await registerUser(t, {}, ip());
    const m = { id: r.userinfo.id, mobile: r.mobile, token: r.token };
    await t.sql(`UPDATE users SET real_name = '王小乐', is_verify = 1 WHERE id = $1`, [m.id]);
    minors.add(m.id);
    await giveIncome(t, m.id, 100_000n);
    expect((await addCard(t, m, { holder_name: '王小乐' })).body.code).toBe(codeOf('CARD_HOLDER_MISMATCH'));
    const saved = await addCard(t, m, { holder_name: '王监护' });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(1);
    expect(saved.body.data.card.holder_name).toBe('王监护');
    expect(saved.body.data.party).toMatchObject({ kind: 'minor', payee_name: '王监护' });
    const w = await withdraw(t, m, '300');
    expect(w.body.data).toMatchObject({ payee_name: '王监护', party_kind: 'minor', status: 'requested' });
    const { rows } = await t.sql(`SELECT holder_kind FROM bank_cards WHERE user_id = $1 AND active`, [m.id]);
    expect(rows[0].holder_kind).toBe('minor');
    // if the minor's guardian changes, the old card no longer matches and withdrawals stop until a new card
    minors.delete(m.id);
    expect((await withdraw(t, m, '300')).body.code).toBe(codeOf('WITHDRAW_NO_CARD'));
    expect((await balancesOf(t.deps.database.db, m.id))!.available).toBe(70_000n);
  });
});
