/**
 * Withdrawals' start-up data: the shipped banks and BINs (every start; finance's edits kept), and with SEED_DEMO,
 * once, for the demo musician: a verified name (only if the account has none yet, so the account centre's seed
 * agrees), a saved ICBC card, one paid withdrawal and one waiting for finance, made through the real hold and
 * payout code so the ledger holds them like any other.
 */
import { sql } from 'kysely';
import { setSettingOnce } from '../../platform/db/settings';
import type { Deps } from '../../platform/deps';
import { DEMO_REAL_NAME } from '../realname/realname.seed';
import { balancesOf } from '../royalties/ledger';
import { seedBanks } from './banks';
import { sealCardNumber } from './card-cipher';
import { recordPayoutResult } from './payouts';
import { addEvent, moveStatus } from './withdrawals.repository';
import { holdWithdrawal } from './withdrawals.service';

const FLAG = 'demo_withdrawals_seeded';
export const DEMO_CARD = '6222021234567890123';

export async function seedWithdrawalTables(deps: Deps): Promise<void> {
  await seedBanks(deps.database.db);
}

export async function seedDemoWithdrawals(deps: Deps, mobile: string): Promise<boolean> {
  const { db } = deps.database;
  const user = await db
    .selectFrom('users')
    .select(['id', 'real_name', 'is_verify'])
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  if (!user) return false;
  const balances = await balancesOf(db, user.id);
  const min = deps.config.withdrawals.minFen;
  if (!balances || balances.available < min * 3n) return false;
  const mine = new Date().toISOString();
  if ((await setSettingOnce(db, FLAG, mine)) !== mine) return false;
  // Both seeds (this one and the account centre's) set the name only where none is there.
  await sql`UPDATE users SET real_name = ${DEMO_REAL_NAME} WHERE id = ${user.id} AND real_name = ''`.execute(db);
  await sql`UPDATE users SET is_verify = 1 WHERE id = ${user.id} AND is_verify = 0`.execute(db);
  const named = await db.selectFrom('users').select('real_name').where('id', '=', user.id).executeTakeFirstOrThrow();
  const hasCard = await db
    .selectFrom('bank_cards')
    .select('id')
    .where('user_id', '=', user.id)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!hasCard) {
    await db
      .insertInto('bank_cards')
      .values({
        user_id: user.id,
        bank_code: 'ICBC',
        card_cipher: sealCardNumber(deps.secret, DEMO_CARD),
        last4: DEMO_CARD.slice(-4),
        holder_name: named.real_name,
        holder_kind: 'person',
        checked_by: 'demo',
      })
      .execute();
  }
  const staff = await db.selectFrom('staff').select('id').orderBy('id').executeTakeFirst();
  // One paid: the smaller of a third of the balance and 300 yuan, rounded to the yuan.
  const third = balances.available / 3n;
  const first = ((third < 30_000n ? third : 30_000n) / 100n) * 100n;
  const paidId = await holdWithdrawal(deps, user.id, first < min ? min : first, 'demo-withdrawal-paid');
  await moveStatus(db, paidId, ['requested'], 'approved', { approved_by: staff?.id ?? null });
  await addEvent(db, paidId, 'approved', '', staff?.id ?? null);
  const batch = await db
    .insertInto('payout_batches')
    .values({ provider: 'devlog', created_by: staff?.id ?? null, file_key: null, status: 'sent', sent_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await moveStatus(db, paidId, ['approved'], 'sent', { batch_id: batch.id, provider: 'devlog' });
  await addEvent(db, paidId, 'sent');
  await recordPayoutResult(deps, { id: paidId, outcome: 'paid', detail: 'demo', provider: 'devlog' });
  // One waiting for finance.
  await holdWithdrawal(deps, user.id, min, 'demo-withdrawal-pending');
  return true;
}
