/**
 * Works as the calls answer them (contract work-model.ts): the full detail, a list row, the history. No ownership
 * checks here: the musician's calls load the work by (id, user) first, the editors' calls are for staff.
 */
import { API } from '@trackline/contract/paths';
import {
  type Genre,
  type MaterialItem,
  type MaterialKind,
  type Property,
  type RejectReason,
  type Source,
  sourceCode,
  type Territory,
  type TrackItem,
  type WcStatement,
  type WorkDetail,
  type WorkEvent,
  type WorkLanguage,
  type WorkListItem,
} from '@trackline/contract/work-model';
import { resumeStep, type WorkStatus } from '@trackline/contract/work-status';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { privateFileUrl } from '../storage/file-access';
import { addDays, shanghaiToday } from './calendar';
import { materialAudioIssues } from './material-audio-rules';
import { findWork, latestAuthorization, listEvents, type WorkListRow, type WorkRow } from './works.repository';
import { listMaterials, listTracks, type MaterialRow, type TrackRow } from './works.tracks-repository';

/**
 * A cover is public; the other files (audio, lyrics, video) are the musician's own, shown through a link that
 * expires: the callers checked the reader first (the owner's calls load the work by owner, the editors' need the
 * editor role).
 */
async function toMaterial(deps: Deps, m: MaterialRow, field: string = m.kind): Promise<MaterialItem> {
  const issues = materialAudioIssues(m.kind, m.meta, field);
  return {
    id: m.id,
    kind: m.kind as MaterialKind,
    key: m.key,
    url: m.kind === 'cover' ? deps.storage.url(m.key) : await privateFileUrl(deps, m.key),
    name: m.original_name,
    size: Number(m.size_bytes),
    meta: (m.meta as Record<string, unknown> | null) ?? null,
    sha256: m.sha256,
    ...(issues.length > 0 ? { issues } : {}),
  };
}

async function toTrack(deps: Deps, t: TrackRow, materials: readonly MaterialRow[]): Promise<TrackItem> {
  return {
    id: t.id,
    position: t.position,
    title: t.title,
    version: t.version,
    primary_artists: t.primary_artists,
    featured_artists: t.featured_artists,
    lyricist: t.lyricist,
    composer: t.composer,
    arranger: t.arranger,
    producer: t.producer,
    isrc: t.isrc,
    explicit: t.explicit,
    language: t.language as WorkLanguage | null,
    lyrics: t.lyrics,
    materials: await Promise.all(
      materials
        .filter((m) => m.track_id === t.id)
        .map((m) => toMaterial(deps, m, `tracks.${t.position - 1}.${m.kind === 'music' ? 'audio' : m.kind}`)),
    ),
  };
}

function rejectReason(w: Pick<WorkRow, 'reject_reason' | 'reject_text'>) {
  return w.reject_reason ? { code: w.reject_reason as RejectReason, text: w.reject_text } : null;
}

/** A work with its tracks, files and latest signed letter (no ownership check; `db` may be a transaction). */
export async function loadWorkDetail(deps: Deps, workId: number, db: Db = deps.database.db): Promise<WorkDetail> {
  const work = await findWork(db, workId);
  if (!work) throw new AppError('WORK_NOT_FOUND');
  const [tracks, materials, authorization] = await Promise.all([
    listTracks(db, workId),
    listMaterials(db, workId),
    latestAuthorization(db, workId),
  ]);
  const cover = materials.find((m) => m.kind === 'cover');
  const status = work.status as WorkStatus;
  return {
    id: work.id,
    kind: work.kind,
    status,
    remark: work.remark,
    reject_reason: rejectReason(work),
    title: work.title,
    version: work.version,
    primary_artists: work.primary_artists,
    featured_artists: work.featured_artists,
    genre: work.genre as Genre | null,
    language: work.language as WorkLanguage | null,
    explicit: work.explicit,
    original_release_date: work.original_release_date,
    release_date: work.release_date,
    label: work.label,
    p_line: work.p_line,
    c_line: work.c_line,
    upc: work.upc,
    property: work.property as Property | null,
    wc_statement: work.wc_statement as WcStatement | null,
    source: work.source as Source | null,
    source_code: work.source === null ? null : sourceCode(work.source as Source),
    platforms: work.platforms,
    territories: work.worldwide ? 'worldwide' : (work.territories as Territory[]),
    cover: cover ? await toMaterial(deps, cover) : null,
    tracks: await Promise.all(tracks.map((t) => toTrack(deps, t, materials))),
    authorization: authorization
      ? {
          signed_at: authorization.signed_at.toISOString(),
          agreement_version: authorization.agreement_version,
          // the letter is the owner's: it is read through the owner-only call, never a public file URL
          pdf_url: `${API.publish.authorizationPdf}?id=${work.id}`,
          signed: authorization.signature_key !== null,
        }
      : null,
    created_at: work.created_at.toISOString(),
    updated_at: work.updated_at.toISOString(),
    submitted_at: work.submitted_at ? work.submitted_at.toISOString() : null,
    resume_step: resumeStep(status),
    earliest_release_date: addDays(shanghaiToday(), deps.config.releaseLeadDays),
  };
}

export function toListItem(deps: Deps, row: WorkListRow): WorkListItem {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as WorkStatus,
    remark: row.remark,
    reject_reason: rejectReason(row),
    title: row.title,
    primary_artists: row.primary_artists,
    cover_url: row.cover_key ? deps.storage.url(row.cover_key) : null,
    track_count: Number(row.track_count ?? 0),
    release_date: row.release_date,
    upc: row.upc ?? null,
    isrcs: row.isrcs ?? [],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * A work's history, oldest first. Editors see each other's names; a musician sees their own nickname and
 * "editor" for staff (options.staffNames false), since who reviewed is the service's internal business.
 */
export async function workHistory(
  deps: Deps,
  workId: number,
  options: { staffNames?: boolean } = {},
): Promise<WorkEvent[]> {
  const { staffNames = true } = options;
  const rows = await listEvents(deps.database.db, workId);
  return rows.map((e) => ({
    id: e.id,
    from: e.from_status,
    to: e.to_status,
    actor: e.actor,
    action: e.action,
    actor_name:
      e.actor === 'user' ? (e.user_name ?? '') : e.actor === 'editor' && staffNames ? (e.staff_name ?? '') : '',
    remark: e.remark,
    created_at: e.created_at.toISOString(),
  }));
}
