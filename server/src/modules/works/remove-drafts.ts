/**
 * Deleting several drafts at once (the work list's selection, issue 9): `POST /api/publish/delete_batch { ids }`.
 * All or none, in one transaction: the caller's works among the ids are locked, and if any of them may not be deleted
 * (submitted, online, a change in progress: not DELETABLE_STATUSES) nothing is, and the answer names them (2250).
 * Ids that are not the caller's — another musician's work, an unknown id, a work already deleted — are skipped and
 * never told apart, so the call is safe to repeat: the second time it deletes nothing and still succeeds.
 */
import { DELETABLE_STATUSES, type WorkStatus } from '@trackline/contract/work-status';
import type { WorkBatchDeleteBody } from '@trackline/contract/works';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { authorizationKeys, deleteWorks, lockOwnWorks } from './works.repository';

export interface RemovedDrafts {
  /** The ids deleted by this call. */
  deleted: number[];
}

export async function removeDrafts(deps: Deps, userId: number, body: WorkBatchDeleteBody): Promise<RemovedDrafts> {
  const ids = [...new Set(body.ids)];
  const { deleted, letters } = await deps.database.db.transaction().execute(async (trx) => {
    const own = await lockOwnWorks(trx, userId, ids);
    const kept = own.filter((w) => !DELETABLE_STATUSES.includes(w.status as WorkStatus));
    if (kept.length > 0) throw new AppError('WORKS_BATCH_NOT_DELETABLE', { ids: kept.map((w) => w.id) });
    const deletable = own.map((w) => w.id);
    const keys = await authorizationKeys(trx, deletable);
    await deleteWorks(trx, deletable);
    return { deleted: deletable, letters: keys };
  });
  // the letters' files go after the commit (a failed removal leaves an orphan file, never a dangling row)
  await Promise.all(letters.map((key) => deps.storage.remove(key).catch(() => undefined)));
  return { deleted };
}
