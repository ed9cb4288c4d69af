/** Every due delivery step, until nothing moves: the body of the delivery jobs (distribution.tasks.ts). */
import type { Deps } from '../../platform/deps';
import { buildQueued } from './delivery-build';
import { refreshWorkStatus } from './delivery-status';
import { uploadDue } from './delivery-upload';

/** Runs every due step (of one work when given); answers how many steps ran. */
export async function runDeliveries(deps: Deps, workId?: number): Promise<number> {
  let total = 0;
  for (let round = 0; round < 10; round++) {
    const built = await buildQueued(deps, workId);
    const uploaded = await uploadDue(deps, workId);
    total += built + uploaded;
    if (built + uploaded === 0) break;
  }
  if (workId !== undefined) await refreshWorkStatus(deps, workId);
  return total;
}
