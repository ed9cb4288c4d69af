/**
 * The distribution module's background tasks (listed in src/tasks.ts), on the project's graphile-worker queue.
 *
 * - `distribution:deliver { work_id }`: added in the transaction that queues a release's messages (approval,
 *   takedown, restore, redelivery), one pending job per work (job key), so the delivery starts the moment the
 *   transaction commits. It runs the work's due steps: build and check, upload.
 * - `distribution:poll`: every minute (cron) and once when a runner starts, and every DELIVERY_POLL_SECONDS when that
 *   is shorter (each run adds the next): the stores' acknowledgements, releases going live on their date, and every
 *   due step of any work — uploads waiting out their back-off (1, 5, 15, 60, 180 minutes) and batches a killed worker
 *   left, resumed once its lease has run out.
 *
 * Both are safe to run twice or side by side: every step claims its messages with a lease in the database and moves
 * them by conditional updates, and an upload resumes its own batch folder (delivery-upload.ts).
 */
import { z } from 'zod';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { defineTask, type JobTask } from '../../platform/jobs/task';
import { pollAcknowledgements } from './delivery-acks';
import { runDeliveries } from './delivery-run';

export const deliverTask = defineTask({
  name: 'distribution:deliver',
  payload: z.object({ work_id: z.number().int().positive() }),
  maxAttempts: 10,
  async run({ work_id }, { deps }) {
    await runDeliveries(deps, work_id);
  },
});

const pollPayload = z.object({});

export const pollTask: JobTask<typeof pollPayload> = defineTask({
  name: 'distribution:poll',
  payload: pollPayload,
  // Also at a runner's start: a short DELIVERY_POLL_SECONDS holds from the first minute, not from its first slot.
  cron: { match: '* * * * *', runAtStart: true },
  maxAttempts: 3,
  async run(_payload, { deps, log }) {
    await runDeliveries(deps);
    await pollAcknowledgements(deps, (msg) => log.warn(msg));
    const every = deps.config.delivery.pollMs;
    if (every < 60_000)
      await deps.jobs.add(pollTask, {}, { jobKey: 'distribution:poll:next', runAt: new Date(Date.now() + every) });
  },
});

/** Starts the work's delivery once `db` (the transaction that queued its messages) commits. */
export async function wakeDeliveries(deps: Deps, db: Db, workId: number): Promise<void> {
  await deps.jobs.add(deliverTask, { work_id: workId }, { jobKey: `distribution:deliver:${workId}` }, db);
}

export const distributionTasks = [deliverTask, pollTask];
