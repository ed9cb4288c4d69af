/**
 * A change to a work already online (991 → 01): the live version — the work's columns, its tracks and its
 * materials — is kept in works.live_snapshot while the musician edits, so discarding the change (→ 991) puts it
 * back exactly, with the same track and material ids. Approving the change clears the snapshot (review side).
 */
import type { Db } from '../../platform/db/database';
import { updateWork, type WorkRow } from './works.repository';
import { listMaterials, listTracks, restoreTracksAndMaterials, type TrackRow } from './works.tracks-repository';

/** The work's own columns a change may edit (identity, status and bookkeeping stay out). */
const WORK_COLUMNS = [
  'title',
  'version',
  'primary_artists',
  'featured_artists',
  'genre',
  'language',
  'explicit',
  'original_release_date',
  'release_date',
  'label',
  'p_line',
  'c_line',
  'upc',
  'property',
  'wc_statement',
  'source',
  'platforms',
  'worldwide',
  'territories',
  'remark',
  'reject_reason',
  'reject_text',
  'submitted_at',
] as const satisfies readonly (keyof WorkRow)[];

type WorkColumns = Pick<WorkRow, (typeof WORK_COLUMNS)[number]>;

export interface LiveSnapshot {
  version: 1;
  work: WorkColumns;
  tracks: TrackRow[];
  materials: Array<{ id: number; track_id: number | null; kind: string; file_id: number; created_at: string }>;
}

/** The live version of a work, as JSON text for works.live_snapshot. */
export async function takeSnapshot(db: Db, work: WorkRow): Promise<string> {
  const [tracks, materials] = await Promise.all([listTracks(db, work.id), listMaterials(db, work.id)]);
  const snapshot: LiveSnapshot = {
    version: 1,
    work: Object.fromEntries(WORK_COLUMNS.map((c) => [c, work[c]])) as WorkColumns,
    tracks,
    materials: materials.map((m) => ({
      id: m.id,
      track_id: m.track_id,
      kind: m.kind,
      file_id: m.file_id,
      created_at: m.created_at.toISOString(),
    })),
  };
  return JSON.stringify(snapshot);
}

/** Puts the live version back: the work's columns, then its tracks and materials as they were. */
export async function restoreSnapshot(db: Db, workId: number, stored: unknown): Promise<void> {
  const snapshot = (typeof stored === 'string' ? JSON.parse(stored) : stored) as LiveSnapshot | null;
  if (snapshot?.version !== 1) throw new Error(`work ${workId}: no live snapshot to restore`);
  const w = snapshot.work;
  await updateWork(db, workId, {
    ...w,
    submitted_at: w.submitted_at ? new Date(w.submitted_at) : null,
  });
  await restoreTracksAndMaterials(
    db,
    workId,
    snapshot.tracks.map((t) => ({ ...t, created_at: new Date(t.created_at) })),
    snapshot.materials.map((m) => ({
      ...m,
      kind: m.kind as Parameters<typeof restoreTracksAndMaterials>[3][number]['kind'],
      created_at: new Date(m.created_at),
    })),
  );
}
