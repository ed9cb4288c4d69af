/**
 * Every module's background tasks, in one list: what `npm start`'s in-process runner, `npm run worker` and the
 * tests' `t.runJobs()` can run. A module defines its tasks in `modules/<domain>/<domain>.tasks.ts` (defineTask)
 * and adds its list here, one line.
 */
import { accountTasks } from './modules/account/account.tasks';
import { coversTasks } from './modules/covers/covers.tasks';
import { distributionTasks } from './modules/distribution/distribution.tasks';
import { royaltiesTasks } from './modules/royalties/royalties.tasks';
import { storageTasks } from './modules/storage/storage.tasks';
import { withdrawalsTasks } from './modules/withdrawals/withdrawals.tasks';
import type { JobTask } from './platform/jobs/task';
import { platformTasks } from './platform/platform.tasks';

export const tasks: readonly JobTask[] = [
  ...platformTasks,
  ...storageTasks,
  ...distributionTasks,
  ...coversTasks,
  ...royaltiesTasks,
  ...accountTasks,
  ...withdrawalsTasks,
];
