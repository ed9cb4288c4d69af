/**
 * Managing a work as its status allows: withdraw from review, reopen after a rejection, delete, start or give up a
 * change to an online work, add and remove materials. Moved out of works.service.ts.
 */
import type { WorkDetail } from '@trackline/contract/work-model';
import { DELETABLE_STATUSES, nextStatus } from '@trackline/contract/work-status';
import type { MaterialAddBody } from '@trackline/contract/works';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { markFilePublic } from '../storage/file-access';
import { loadWorkDetail } from './work-detail';
import {
  advanceIfComplete,
  assertFits,
  fingerprintCover,
  inTransaction,
  lyricsText,
  openForEdit,
  ownFiles,
  ownWork,
  statusOf,
} from './work-guards';
import { restoreSnapshot, takeSnapshot } from './work-snapshot';
import { applyTransition } from './work-transition';
import { authorizationKeys, deleteWork, updateWork } from './works.repository';
import { deleteMaterial, listTracks, setMaterial, updateTrack } from './works.tracks-repository';
// ---- managing a work ----

/** Takes a work back from review (200/300 → 100, 201/301 → 101): it can be edited and signed again. */
export async function withdrawWork(deps: Deps, userId: number, workId: number): Promise<WorkDetail> {
  await inTransaction(deps, async (trx) => {
    const work = await ownWork(trx, userId, workId, true);
    await applyTransition(trx, {
      workId,
      from: statusOf(work),
      action: 'withdraw',
      actor: 'user',
      userId,
      set: { submitted_at: null },
    });
  });
  return loadWorkDetail(deps, workId);
}

/** A rejected work back to editing (400 → 00, 401 → 01); the editor's reason stays visible until it is resubmitted. */
export async function reopenWork(deps: Deps, userId: number, workId: number): Promise<WorkDetail> {
  await inTransaction(deps, async (trx) => {
    const work = await ownWork(trx, userId, workId, true);
    await applyTransition(trx, { workId, from: statusOf(work), action: 'reopen', actor: 'user', userId });
  });
  return loadWorkDetail(deps, workId);
}

/**
 * Deletes a work never online that is not with an editor (DELETABLE_STATUSES) with its tracks, materials, history
 * and letters. The files themselves stay the user's (user_files); the letters' own files go with the work.
 */
export async function removeWork(deps: Deps, userId: number, workId: number): Promise<void> {
  const letters = await inTransaction(deps, async (trx) => {
    const work = await ownWork(trx, userId, workId, true);
    if (!DELETABLE_STATUSES.includes(statusOf(work))) throw new AppError('WORK_NOT_DELETABLE');
    const keys = await authorizationKeys(trx, workId);
    await deleteWork(trx, workId);
    return keys;
  });
  await Promise.all(letters.map((key) => deps.storage.remove(key).catch(() => undefined)));
}

/** Starts a change to an online work (991 → 01); the live version is kept aside and stays live. */
export async function startChange(deps: Deps, userId: number, workId: number): Promise<WorkDetail> {
  await inTransaction(deps, async (trx) => {
    const work = await ownWork(trx, userId, workId, true);
    const from = statusOf(work);
    if (!nextStatus(from, 'start_change', 'user')) throw new AppError('WORK_STATUS_CONFLICT', { from });
    const snapshot = await takeSnapshot(trx, work);
    await applyTransition(trx, {
      workId,
      from,
      action: 'start_change',
      actor: 'user',
      userId,
      set: { live_snapshot: snapshot },
    });
  });
  return loadWorkDetail(deps, workId);
}

/** Gives up a change (01/11/101/401 → 991): the live version is put back exactly as it was. */
export async function discardChange(deps: Deps, userId: number, workId: number): Promise<WorkDetail> {
  await inTransaction(deps, async (trx) => {
    const work = await ownWork(trx, userId, workId, true);
    const from = statusOf(work);
    if (!nextStatus(from, 'discard_change', 'user') || !work.live_snapshot)
      throw new AppError('WORK_STATUS_CONFLICT', { from });
    await restoreSnapshot(trx, workId, work.live_snapshot);
    await applyTransition(trx, {
      workId,
      from,
      action: 'discard_change',
      actor: 'user',
      userId,
      set: { live_snapshot: null },
    });
  });
  return loadWorkDetail(deps, workId);
}

// ---- materials ----

/**
 * Adds (or replaces) one file of a work: the cover at work level, the other kinds on one of its tracks. Allowed
 * while the work is editable; a rejected work is reopened, an online one starts a change first.
 */
export async function addMaterial(deps: Deps, userId: number, body: MaterialAddBody): Promise<WorkDetail> {
  const file = (await ownFiles(deps, userId, [body.key])).get(body.key)!;
  assertFits(file, body.kind);
  const lyrics = body.kind === 'lyric' ? await lyricsText(deps, body.key) : null;
  await inTransaction(deps, async (trx) => {
    const work = await openForEdit(trx, userId, body.id, { startChange: true });
    let trackId: number | null = null;
    if (body.kind === 'cover') {
      if (body.track_id !== null) throw new AppError('WORK_TRACKS_INVALID');
    } else {
      const track = (await listTracks(trx, work.id)).find((t) => t.id === body.track_id);
      if (!track) throw new AppError('WORK_TRACKS_INVALID');
      trackId = track.id;
      if (lyrics !== null && track.lyrics.trim() === '') await updateTrack(trx, work.id, track.id, { lyrics });
    }
    await setMaterial(trx, { work_id: work.id, track_id: trackId, kind: body.kind, file_id: file.id });
    if (body.kind === 'cover') {
      await markFilePublic(trx, file.id);
      await fingerprintCover(deps, trx, { file_id: file.id, user_id: userId, work_id: work.id, key: body.key });
    }
    await updateWork(trx, work.id, {});
    await advanceIfComplete(trx, userId, work.id);
  });
  return loadWorkDetail(deps, body.id);
}

export async function removeMaterial(
  deps: Deps,
  userId: number,
  workId: number,
  materialId: number,
): Promise<WorkDetail> {
  await inTransaction(deps, async (trx) => {
    const work = await openForEdit(trx, userId, workId, { startChange: true });
    if (!(await deleteMaterial(trx, work.id, materialId)))
      throw new AppError('WORK_FILE_INVALID', { material_id: materialId });
    await updateWork(trx, work.id, {});
  });
  return loadWorkDetail(deps, workId);
}
