/** The storage module's background tasks (listed in src/tasks.ts). */
import { z } from 'zod';
import { defineTask } from '../../platform/jobs/task';
import { sweepStaleUploads } from './tus.service';

/**
 * Resumable uploads untouched for a day go, with their bytes (tus.service.ts). Hourly, run by one worker of all
 * (graphile-worker's cron takes each slot once); a slot missed while no worker ran is made up at the next start.
 * Sweeping twice is harmless.
 */
export const sweepStaleUploadsTask = defineTask({
  name: 'storage:sweep-stale-uploads',
  payload: z.object({}),
  cron: { match: '17 * * * *', backfillMs: 3600_000 },
  maxAttempts: 5,
  async run(_payload, { deps, log }) {
    const removed = await sweepStaleUploads(deps);
    if (removed > 0) log.info('swept stale uploads', { removed });
  },
});

export const storageTasks = [sweepStaleUploadsTask];
