/**
 * The withdrawals module's background tasks (listed in src/tasks.ts).
 * - `withdrawals:send-batch { batch_id }`: added with the batch (job key per batch); hands its withdrawals to the
 *   provider, which pays an order id once, and marks them sent. Rerun after a crash: nothing is paid twice.
 * - `withdrawals:dev-callback { withdrawal_id }`: the development provider's answer, after PAYOUT_DEV_DELAY_SECONDS
 *   (job key per withdrawal); goes through the same signed handler as a real provider's callback.
 */
import { z } from 'zod';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { defineTask } from '../../platform/jobs/task';
import { devCallbackPayload, handleCallback, onDevCallback, sendBatch } from './payouts';

export const sendBatchTask = defineTask({
  name: 'withdrawals:send-batch',
  payload: z.object({ batch_id: z.number().int().positive() }),
  maxAttempts: 10,
  async run({ batch_id }, { deps }) {
    await sendBatch(deps, batch_id);
  },
});

export const devCallbackTask = defineTask({
  name: 'withdrawals:dev-callback',
  payload: z.object({ withdrawal_id: z.number().int().positive() }),
  maxAttempts: 10,
  async run({ withdrawal_id }, { deps }) {
    await handleCallback(deps, devCallbackPayload(deps, withdrawal_id) as Parameters<typeof handleCallback>[1]);
  },
});

export async function queueSendBatch(deps: Deps, db: Db, batchId: number): Promise<void> {
  await deps.jobs.add(sendBatchTask, { batch_id: batchId }, { jobKey: `withdrawals:send-batch:${batchId}` }, db);
}

onDevCallback(async (deps, withdrawalId) => {
  await deps.jobs.add(
    devCallbackTask,
    { withdrawal_id: withdrawalId },
    {
      jobKey: `withdrawals:dev-callback:${withdrawalId}`,
      jobKeyMode: 'preserve_run_at',
      runAt: new Date(Date.now() + deps.config.withdrawals.devDelayMs),
    },
  );
});

export const withdrawalsTasks = [sendBatchTask, devCallbackTask];
