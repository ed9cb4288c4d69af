/** The platform's own background tasks (listed in src/tasks.ts beside the modules'). */
import { z } from 'zod';
import { sweepIdempotencyKeys } from './http/idempotency';
import { defineTask } from './jobs/task';

/** Idempotency keys past their day go, hourly (a sweep that runs twice deletes nothing the second time). */
export const sweepIdempotencyKeysTask = defineTask({
  name: 'platform:sweep-idempotency-keys',
  payload: z.object({}),
  cron: { match: '41 * * * *', backfillMs: 3600_000 },
  maxAttempts: 5,
  async run(_payload, { deps, log }) {
    const removed = await sweepIdempotencyKeys(deps.database.db);
    if (removed > 0) log.info('swept idempotency keys', { removed });
  },
});

export const platformTasks = [sweepIdempotencyKeysTask];
