/**
 * The account module's background tasks (listed in src/tasks.ts).
 * - `account:erase { deletion_id }`: added with the deletion request, to run when its cooling-off ends (job key per
 *   account); erases the account unless the request was cancelled (leaving.service.ts eraseAccount). Rerunnable.
 * - `account:sweep-deletions`: daily, enqueues an erase for every request whose cooling-off has ended, so a request
 *   whose job was lost is still carried out.
 * - `account:export { export_id }`: builds the data export file. Rerunnable.
 */
import { z } from 'zod';
import { defineTask } from '../../platform/jobs/task';
import { buildExport } from './data-export.service';
import { eraseAccount } from './leaving.service';

export const eraseAccountTask = defineTask({
  name: 'account:erase',
  payload: z.object({ deletion_id: z.number().int().positive() }),
  maxAttempts: 10,
  async run({ deletion_id }, { deps, log }) {
    const outcome = await eraseAccount(deps, deletion_id);
    log.info('account erasure', { deletion_id, outcome });
  },
});

export const sweepDeletionsTask = defineTask({
  name: 'account:sweep-deletions',
  payload: z.object({}),
  cron: { match: '23 3 * * *', backfillMs: 86_400_000 },
  maxAttempts: 5,
  async run(_payload, { deps }) {
    const due = await deps.database.db
      .selectFrom('account_deletions')
      .select(['id', 'user_id'])
      .where('state', '=', 'pending')
      .where('erase_at', '<=', new Date())
      .execute();
    for (const row of due) {
      await deps.jobs.add(eraseAccountTask, { deletion_id: row.id }, { jobKey: `account:erase:${row.user_id}` });
    }
  },
});

export const exportDataTask = defineTask({
  name: 'account:export',
  payload: z.object({ export_id: z.number().int().positive() }),
  maxAttempts: 5,
  async run({ export_id }, { deps }) {
    await buildExport(deps, export_id);
  },
});

export const accountTasks = [eraseAccountTask, sweepDeletionsTask, exportDataTask];
