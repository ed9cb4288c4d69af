/**
 * A worker process the withdrawals crash test kills part way: it builds the real deps on the test's database and
 * does one step of a payout the way its job does (CRASH_STEP): `holds` (withdrawals held one after another),
 * `send` (a batch handed to the provider, then marked sent: withdrawals.tasks.ts), `results` (the provider's results
 * recorded one by one: the callback handler).
 */
import { loadConfig } from '../src/config';
import { recordPayoutResult, sendBatch } from '../src/modules/withdrawals/payouts';
import { holdWithdrawal } from '../src/modules/withdrawals/withdrawals.service';
import { createDeps } from '../src/platform/boot';

const config = loadConfig();
const deps = await createDeps(config, config.databaseUrl!);
const step = process.env.CRASH_STEP;
const ids = (process.env.CRASH_IDS ?? '').split(',').filter(Boolean).map(Number);
process.stdout.write('ready\n');
if (step === 'holds') {
  const userId = Number(process.env.CRASH_USER_ID);
  for (let i = 0; i < Number(process.env.CRASH_COUNT); i++)
    await holdWithdrawal(deps, userId, 10_000n, `crash-hold-${i}`);
} else if (step === 'send') {
  await sendBatch(deps, Number(process.env.CRASH_BATCH_ID));
} else if (step === 'results') {
  for (const id of ids)
    await recordPayoutResult(deps, {
      id,
      outcome: id % 5 === 0 ? 'failed' : 'paid',
      detail: 'bank',
      provider: 'devlog',
    });
}
process.stdout.write('done\n');
process.exit(0);
