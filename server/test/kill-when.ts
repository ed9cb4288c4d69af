/** For the crash tests: a worker process killed (SIGKILL) at a moment the test waits for. */
import type { ChildProcess } from 'node:child_process';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `ready()` every `pollMs` (for at most `tries` polls) while the child runs, then kills it; answers whether
 * it was still running then (killed part way, not after it had finished).
 */
export async function killWhen(
  c: ChildProcess,
  ready: () => Promise<boolean>,
  { pollMs = 10, tries = 3000 }: { pollMs?: number; tries?: number } = {},
): Promise<boolean> {
  let done = false;
  const gone = new Promise((resolve) => c.once('exit', resolve)).then(() => {
    done = true;
  });
  for (let i = 0; i < tries && !done; i++) {
    if (await ready()) break;
    await sleep(pollMs);
  }
  const midway = !done;
  c.kill('SIGKILL');
  await gone;
  return midway;
}
