/** `npm run worker`: a process that runs the background jobs of every module (platform/jobs/worker-process.ts). */
import { runWorkerProcess } from './platform/jobs/worker-process';
import { tasks } from './tasks';

runWorkerProcess(tasks).catch((err: unknown) => {
  process.stderr.write(
    `The worker could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
