/**
 * What the musician's work calls stand on: loading a work by (id, user) and locking it, one transaction with the
 * code-taken translation, opening a work for edits (a rejected one reopened, an online one's change started), moving
 * a complete step 1 on, and the caller's files (owned, of the right kind, lyrics read). Moved out of works.service.ts.
 */

import { MATERIAL_FILE_KIND, type MaterialKind } from '@trackline/contract/work-model';
import { isEditable, type WorkStatus } from '@trackline/contract/work-status';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { fingerprintCoverTask } from '../covers/covers.tasks';
import { decodeLyrics } from '../media/lyrics';
import { isRefusal } from '../media/refusal';
import { findUserFilesByKeys } from '../storage/storage.repository';
import { isComplete } from './work-completeness';
import { takeSnapshot } from './work-snapshot';
import { applyTransition } from './work-transition';
import { findWork, type WorkRow } from './works.repository';
import { listMaterials, listTracks } from './works.tracks-repository';

export type Status = WorkStatus;
export const statusOf = (w: WorkRow) => w.status as Status;

export async function ownWork(db: Db, userId: number, workId: number, forUpdate = false): Promise<WorkRow> {
  const work = await findWork(db, workId, { userId, forUpdate });
  if (!work) throw new AppError('WORK_NOT_FOUND');
  return work;
}

/** A code taken by another work between our check and our write: the codes' unique indexes say so. */
export function isCodeTaken(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (e.constraint === 'work_tracks_isrc' || e.constraint === 'works_upc');
}

/** The cover maker's near-copy check learns the cover (covers.tasks.ts), once the transaction commits. */
export function fingerprintCover(
  deps: Deps,
  trx: Db,
  payload: { file_id: number; user_id: number; work_id: number; key: string },
) {
  return deps.jobs.add(fingerprintCoverTask, payload, {}, trx);
}

export async function inTransaction<T>(deps: Deps, run: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await deps.database.db.transaction().execute(run);
  } catch (err) {
    if (isCodeTaken(err)) throw new AppError('WORK_IDENTIFIER_TAKEN');
    throw err;
  }
}

/**
 * Locks the work and makes sure the musician may edit it: a rejected work (400/401) is reopened first, and an online
 * one (991) starts a change when the call allows it. Anything else outside the editable statuses is refused.
 * Runs inside the caller's transaction, so a save that fails later leaves the status as it was.
 */
export async function openForEdit(
  trx: Db,
  userId: number,
  workId: number,
  options: { startChange?: boolean } = {},
): Promise<WorkRow> {
  const work = await ownWork(trx, userId, workId, true);
  let status = statusOf(work);
  if (status === '400' || status === '401') {
    status = await applyTransition(trx, { workId, from: status, action: 'reopen', actor: 'user', userId });
  } else if (status === '991' && options.startChange) {
    const snapshot = await takeSnapshot(trx, work);
    status = await applyTransition(trx, {
      workId,
      from: status,
      action: 'start_change',
      actor: 'user',
      userId,
      set: { live_snapshot: snapshot },
    });
  }
  if (!isEditable(status)) throw new AppError('WORK_NOT_EDITABLE', { status });
  return { ...work, status };
}

/** Step 1 complete while awaiting information (00/01): on to the distribution scope (10/11). */
export async function advanceIfComplete(trx: Db, userId: number, workId: number): Promise<Status> {
  const work = await ownWork(trx, userId, workId);
  const status = statusOf(work);
  if (status !== '00' && status !== '01') return status;
  const [tracks, materials] = await Promise.all([listTracks(trx, workId), listMaterials(trx, workId)]);
  if (!isComplete(work, tracks, materials)) return status;
  return applyTransition(trx, { workId, from: status, action: 'complete_info', actor: 'user', userId });
}

// ---- files ----

export interface AttachableFile {
  id: number;
  key: string;
  kind: string;
  content_type: string;
}

/** The user's own files among the keys; WORK_FILE_INVALID naming the first key that is unknown or someone else's. */
export async function ownFiles(
  deps: Deps,
  userId: number,
  keys: readonly string[],
): Promise<Map<string, AttachableFile>> {
  const unique = [...new Set(keys)];
  const rows = await findUserFilesByKeys(deps.database.db, userId, unique);
  const byKey = new Map(rows.map((r) => [r.key, r as AttachableFile]));
  const missing = unique.find((k) => !byKey.has(k));
  if (missing !== undefined) throw new AppError('WORK_FILE_INVALID', { key: missing });
  return byKey;
}

/** A file can fill a material slot when its kind (by its bytes, at upload) is the one the material takes. */
export function assertFits(file: AttachableFile, material: MaterialKind): void {
  const fits =
    file.kind === MATERIAL_FILE_KIND[material] &&
    // stores take JPG and PNG covers only; GIF and WebP are images too, but never a cover
    (material !== 'cover' || file.content_type === 'image/png' || file.content_type === 'image/jpeg');
  if (!fits) throw new AppError('WORK_FILE_INVALID', { key: file.key, kind: material });
}

/** The sung text of a lyrics file: LRC lines without their time tags, plain text as it is (GBK converted). */
export async function lyricsText(deps: Deps, key: string): Promise<string> {
  const body = await deps.storage.get(key);
  if (!body) throw new AppError('WORK_FILE_INVALID', { key });
  const info = decodeLyrics(body);
  if (isRefusal(info)) throw new AppError('WORK_FILE_INVALID', { key, issues: info.issues });
  return info.format === 'lrc' ? info.lines.map((l) => l.text).join('\n') : info.text;
}
