/** `npm run worker`'s process with the test tasks added: jobs.test.ts starts it, then kills or stops it. */
import { runWorkerProcess } from '../src/platform/jobs/worker-process';
import { tasks } from '../src/tasks';
import { testTasks } from './job-tasks';

await runWorkerProcess([...tasks, ...testTasks]);
