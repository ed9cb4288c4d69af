/**
 * Killing the worker (SIGKILL) at each step of a payout, then running the step again: after the hold, after the
 * batch reached the provider, part way through recording results. Every withdrawal ends paid or released, none twice,
 * and the ledger's invariants hold.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf } from '../src/modules/royalties/ledger';
import { checkLedger } from '../src/modules/royalties/ledger-check';
import { createBatch } from '../src/modules/withdrawals/finance.service';
import { recordPayoutResult, sendBatch } from '../src/modules/withdrawals/payouts';
import { holdWithdrawal } from '../src/modules/withdrawals/withdrawals.service';
import { createTestApp, ipSequence, registerUser, type TestApp } from './harness';
import { killWhen } from './kill-when';
import { addCard, giveIncome, verify } from './withdrawal-support';

let t: TestApp;
const ip = ipSequence(214);
const N = 200;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function child(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'withdrawals-crash-child.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: t.deps.config.dataDir,
      LOG_LEVEL: 'silent',
      DB_POOL_MAX: '2',
      ...env,
    },
    stdio: 'ignore',
  });
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  return (await t.sql(sql, params)).rows[0].n as number;
}

describe('a payout killed at each step', () => {
  it('holds, the batch, the results: killed and run again, each withdrawal ends paid or released once', async () => {
    const r = await registerUser(t, {}, ip());
    const m = { id: r.userinfo.id, mobile: r.mobile, token: r.token };
    await verify(t, m.id);
    await giveIncome(t, m.id, BigInt(N) * 10_000n);
    expect((await addCard(t, m)).body.code).toBe(1);

    // 1. Holds, killed after some committed: each withdrawal has its hold, no hold is without its withdrawal.
    const holds = child({ CRASH_STEP: 'holds', CRASH_USER_ID: String(m.id), CRASH_COUNT: String(N) });
    const midHolds = await killWhen(
      holds,
      async () => (await count(`SELECT count(*)::int n FROM withdrawals WHERE user_id = $1`, [m.id])) >= 20,
    );
    expect(midHolds).toBe(true);
    for (let i = 0; i < N; i++) await holdWithdrawal(t.deps, m.id, 10_000n, `crash-hold-${i}`);
    expect(await count(`SELECT count(*)::int n FROM withdrawals WHERE user_id = $1`, [m.id])).toBe(N);
    expect(
      await count(
        `SELECT count(*)::int n FROM ledger_transactions x JOIN ledger_entries e ON e.transaction_id = x.id
           JOIN ledger_accounts a ON a.id = e.account_id
          WHERE x.kind = 'withdrawal' AND a.user_id = $1 AND a.kind = 'withdrawing'`,
        [m.id],
      ),
    ).toBe(N);
    expect(await balancesOf(t.deps.database.db, m.id)).toMatchObject({
      available: 0n,
      withdrawing: BigInt(N) * 10_000n,
    });

    // 2. The batch: killed after the provider has the orders, before (or while) they are marked sent; sent again.
    await t.sql(`UPDATE withdrawals SET status = 'approved' WHERE user_id = $1`, [m.id]);
    const { batch_id } = await createBatch(t.deps, 1, 'devlog');
    const log = path.join(t.deps.config.dataDir, 'payouts', 'devlog.jsonl');
    const send = child({ CRASH_STEP: 'send', CRASH_BATCH_ID: String(batch_id) });
    await killWhen(send, async () => existsSync(log) && (await readFile(log, 'utf8')).length > 0);
    await sendBatch(t.deps, batch_id!);
    const orders = (await readFile(log, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l).order_id as string);
    expect(orders).toHaveLength(N);
    expect(new Set(orders).size).toBe(N);
    expect(await count(`SELECT count(*)::int n FROM withdrawals WHERE user_id = $1 AND status = 'sent'`, [m.id])).toBe(
      N,
    );

    // 3. Results recorded one by one, killed part way; all of them again (a provider resends what it did not hear back).
    const ids = (await t.sql(`SELECT id FROM withdrawals WHERE user_id = $1 ORDER BY id`, [m.id])).rows.map((x) =>
      Number(x.id),
    );
    const results = child({ CRASH_STEP: 'results', CRASH_IDS: ids.join(',') });
    const midResults = await killWhen(
      results,
      async () => (await count(`SELECT count(*)::int n FROM payout_callbacks`)) >= 20,
    );
    expect(midResults).toBe(true);
    let changed = 0;
    for (const id of ids)
      if (
        await recordPayoutResult(t.deps, {
          id,
          outcome: id % 5 === 0 ? 'failed' : 'paid',
          detail: 'bank',
          provider: 'devlog',
        })
      )
        changed += 1;
    expect(changed).toBeLessThan(N);
    const failed = ids.filter((id) => id % 5 === 0).length;
    expect(await count(`SELECT count(*)::int n FROM withdrawals WHERE user_id = $1 AND status = 'paid'`, [m.id])).toBe(
      N - failed,
    );
    expect(
      await count(`SELECT count(*)::int n FROM withdrawals WHERE user_id = $1 AND status = 'failed'`, [m.id]),
    ).toBe(failed);
    expect(await count(`SELECT count(*)::int n FROM payout_callbacks`)).toBe(N);
    // paid once, released once: one settling transaction each
    expect(
      await count(
        `SELECT count(*)::int n FROM ledger_transactions WHERE idempotency_key ~ '^withdrawal:[0-9]+:(paid|release)$'`,
      ),
    ).toBe(N);
    expect(await balancesOf(t.deps.database.db, m.id)).toMatchObject({
      available: BigInt(failed) * 10_000n,
      withdrawing: 0n,
      withdrawn: BigInt(N - failed) * 10_000n,
    });
    expect(await checkLedger(t.deps.database.db)).toMatchObject({
      ok: true,
      entries_total: '0',
      mismatched: [],
      unbalanced: [],
    });
  }, 180_000);
});
