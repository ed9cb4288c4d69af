/**
 * The royalties module's background tasks (listed in src/tasks.ts).
 * - `royalties:import { import_id }`: added in the transaction that records an upload (job key per import); reads,
 *   stages and posts the report (import-run.ts). Safe to run again after a crash: it posts once.
 */
import { z } from 'zod';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { defineTask } from '../../platform/jobs/task';
import { runImport } from './import-run';

export const importTask = defineTask({
  name: 'royalties:import',
  payload: z.object({ import_id: z.number().int().positive() }),
  maxAttempts: 5,
  async run({ import_id }, { deps }) {
    await runImport(deps, import_id);
  },
});

export async function queueImport(deps: Deps, db: Db, importId: number): Promise<void> {
  await deps.jobs.add(importTask, { import_id: importId }, { jobKey: `royalties:import:${importId}` }, db);
}

export const royaltiesTasks = [importTask];
