/**
 * The musician's works: create a draft, save step 1 (information and files) and step 2 (distribution scope).
 * Step 3 is sign-work.ts; managing a work as its status allows is work-management.ts; reads, lists, counts and the
 * entry page's data are work-reads.ts; what they all stand on (loading and locking a work, files) work-guards.ts.
 *
 * Every call loads the work by (id, user): another user's work answers WORK_NOT_FOUND exactly like an unknown id.
 * Every write locks the work's row first (works.repository findWork forUpdate), inside one transaction, and status
 * moves only through work-transition.ts. Editing a rejected work reopens it; material changes on an online work
 * start a change (the live version kept aside); a complete step 1 moves 00/01 on to 10/11 by itself.
 */
import { isValidIsrc, isValidUpc, normalizeIsrc, normalizeUpc } from '@trackline/contract/identifiers';
import type { WorkDetail } from '@trackline/contract/work-model';
import type { TrackInput, WorkInfoBody, WorkScopeBody } from '@trackline/contract/works';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { hitWithin } from '../../platform/security/rate-limiter';
import { markFilePublic } from '../storage/file-access';
import { addDays, isCalendarDate, shanghaiToday } from './calendar';
import { prereviewWork } from './prereview';
import { loadWorkDetail, workHistory } from './work-detail';
import {
  advanceIfComplete,
  assertFits,
  fingerprintCover,
  inTransaction,
  lyricsText,
  openForEdit,
  ownFiles,
} from './work-guards';
import { applyTransition, recordCreated } from './work-transition';
import { countUnfinished, enabledPlatforms, insertWork, lockUserForNewWork, updateWork } from './works.repository';
import {
  clearMaterialSlot,
  clearTrackIsrcs,
  deleteTracksExcept,
  insertTrack,
  isrcsTakenElsewhere,
  listTracks,
  setMaterial,
  type TrackValues,
  upcTakenElsewhere,
  updateTrack,
} from './works.tracks-repository';

// The review side (review.service.ts) builds on these three.
export { loadWorkDetail, prereviewWork, workHistory };

export const WORK_CREATE_LIMITS = { unfinishedMax: 50, perUserPerHour: 30, perUserPerDay: 100 } as const;

/** The caller of the musician's calls, from the session. */
export interface Musician {
  id: number;
  agentId: number | null;
  nickname: string;
  mobile: string;
}

// ---- create ----

export async function createWork(deps: Deps, user: Musician, kind: 'single' | 'album'): Promise<{ id: number }> {
  await meterNewWork(deps, user.id);
  return createWorkUnmetered(deps, user, kind);
}

/**
 * A new work without the per-musician hourly and daily counts: for the demo seed, which is the service itself and
 * not a musician. The counters live in Redis when REDIS_URL is set, and Redis outlives the database: a fresh
 * database's demo musician (the same id every time) would otherwise find the last starts' works counted.
 */
export async function createWorkUnmetered(
  deps: Deps,
  user: Musician,
  kind: 'single' | 'album',
): Promise<{ id: number }> {
  return inTransaction(deps, async (trx) => ({ id: await insertDraft(trx, user, kind) }));
}

/** A new draft (00) with one empty track, inside the caller's transaction; the unfinished limit decided atomically. */
async function insertDraft(trx: Db, user: Musician, kind: 'single' | 'album'): Promise<number> {
  await lockUserForNewWork(trx, user.id);
  if ((await countUnfinished(trx, user.id)) >= WORK_CREATE_LIMITS.unfinishedMax)
    throw new AppError('WORK_DRAFT_LIMIT', { max: WORK_CREATE_LIMITS.unfinishedMax });
  const id = await insertWork(trx, { user_id: user.id, agent_id: user.agentId, kind });
  // every work has at least one track: step 1 starts with an empty one to fill in
  await insertTrack(trx, id, { position: 1 });
  await recordCreated(trx, id, user.id);
  return id;
}

/** The hourly and daily counts of new works per musician (429 / 2030 past them). */
async function meterNewWork(deps: Deps, userId: number): Promise<void> {
  const allowed = await hitWithin(deps.limiter, [
    { key: `works:create:${userId}:h`, windowSec: 3600, max: WORK_CREATE_LIMITS.perUserPerHour },
    { key: `works:create:${userId}:d`, windowSec: 86_400, max: WORK_CREATE_LIMITS.perUserPerDay },
  ]);
  if (!allowed) throw new AppError('RATE_LIMITED');
}

// ---- step 1 ----

const cleanNames = (names: readonly string[]) => names.map((n) => n.trim()).filter((n) => n !== '');

function trackValues(t: TrackInput, position: number, isrc: string | null): TrackValues {
  return {
    position,
    title: t.title,
    version: t.version,
    primary_artists: cleanNames(t.primary_artists),
    featured_artists: cleanNames(t.featured_artists),
    lyricist: cleanNames(t.lyricist),
    composer: cleanNames(t.composer),
    arranger: cleanNames(t.arranger),
    producer: cleanNames(t.producer),
    isrc,
    explicit: t.explicit,
    language: t.language,
    lyrics: t.lyrics,
  };
}

/** Supplied codes, normalized and checked (format and GS1 check digit) before anything is written. */
function checkedIdentifiers(body: WorkInfoBody): { upc: string | null; isrcs: (string | null)[] } {
  const upc = body.upc ? normalizeUpc(body.upc) : null;
  if (upc && !isValidUpc(upc)) throw new AppError('WORK_IDENTIFIER_INVALID', { field: 'upc', value: body.upc });
  const isrcs = body.tracks.map((t, i) => {
    if (!t.isrc) return null;
    const isrc = normalizeIsrc(t.isrc);
    if (!isValidIsrc(isrc)) throw new AppError('WORK_IDENTIFIER_INVALID', { field: `tracks.${i}.isrc`, value: t.isrc });
    return isrc;
  });
  const seen = new Set<string>();
  isrcs.forEach((isrc, i) => {
    if (!isrc) return;
    if (seen.has(isrc)) throw new AppError('WORK_IDENTIFIER_TAKEN', { field: `tracks.${i}.isrc`, value: isrc });
    seen.add(isrc);
  });
  return { upc, isrcs };
}

/**
 * Step 1. Without `id` this is a work's first save: the draft (of `kind`) is created by it, in the same transaction,
 * so a refused first save leaves nothing behind and opening the publish page creates nothing (issue 9). That needs
 * the musician (`user`); a save of an existing work needs only their id.
 */
export async function saveInfo(deps: Deps, user: number | Musician, body: WorkInfoBody): Promise<WorkDetail> {
  const userId = typeof user === 'number' ? user : user.id;
  const creating = body.id === undefined;
  if (creating && (typeof user === 'number' || !body.kind)) throw new AppError('VALIDATION', { fields: ['kind'] });
  if (creating) await meterNewWork(deps, userId);
  if (body.original_release_date && !isCalendarDate(body.original_release_date))
    throw new AppError('VALIDATION', { fields: ['original_release_date'] });
  const { upc, isrcs } = checkedIdentifiers(body);

  // Files are checked (owner, kind) and lyrics read before the transaction: no storage I/O under the lock.
  const keys = [body.cover_key, ...body.tracks.flatMap((t) => [t.audio_key, t.lyric_key])].filter(
    (k): k is string => typeof k === 'string',
  );
  const files = await ownFiles(deps, userId, keys);
  if (body.cover_key) assertFits(files.get(body.cover_key)!, 'cover');
  const lyricsFromFiles = new Map<number, string>();
  for (const [i, t] of body.tracks.entries()) {
    if (t.audio_key) assertFits(files.get(t.audio_key)!, 'music');
    if (t.lyric_key) {
      assertFits(files.get(t.lyric_key)!, 'lyric');
      if (t.lyrics.trim() === '') lyricsFromFiles.set(i, await lyricsText(deps, t.lyric_key));
    }
  }

  const workId = await inTransaction(deps, async (trx) => {
    const newId = creating ? await insertDraft(trx, user as Musician, body.kind!) : undefined;
    const work = await openForEdit(trx, userId, newId ?? body.id!);
    // a new draft's one empty track stands for the first track sent
    const existing = await listTracks(trx, work.id);
    if (newId !== undefined && body.tracks[0] && existing[0]) body.tracks[0].id = existing[0].id;
    const existingIds = new Set(existing.map((t) => t.id));
    const keptIds = body.tracks.flatMap((t) => (t.id === undefined ? [] : [t.id]));
    if (
      (work.kind === 'single' && body.tracks.length !== 1) ||
      keptIds.some((id) => !existingIds.has(id)) ||
      new Set(keptIds).size !== keptIds.length
    )
      throw new AppError('WORK_TRACKS_INVALID');
    if (upc && (await upcTakenElsewhere(trx, work.id, upc)))
      throw new AppError('WORK_IDENTIFIER_TAKEN', { field: 'upc', value: upc });
    const taken = await isrcsTakenElsewhere(
      trx,
      work.id,
      isrcs.filter((x): x is string => x !== null),
    );
    if (taken.length > 0) {
      const i = isrcs.indexOf(taken[0]!);
      throw new AppError('WORK_IDENTIFIER_TAKEN', { field: `tracks.${i}.isrc`, value: taken[0] });
    }

    await updateWork(trx, work.id, {
      title: body.title,
      version: body.version,
      primary_artists: cleanNames(body.primary_artists),
      featured_artists: cleanNames(body.featured_artists),
      genre: body.genre,
      language: body.language,
      explicit: body.explicit,
      original_release_date: body.original_release_date,
      label: body.label,
      p_line: body.p_line,
      c_line: body.c_line,
      upc,
      property: body.property,
      wc_statement: body.wc_statement,
      source: body.source,
    });
    await deleteTracksExcept(trx, work.id, keptIds);
    await clearTrackIsrcs(trx, work.id);
    for (const [i, t] of body.tracks.entries()) {
      const values = trackValues(t, i + 1, isrcs[i] ?? null);
      const fromFile = lyricsFromFiles.get(i);
      if (fromFile !== undefined) values.lyrics = fromFile;
      const trackId = t.id ?? (await insertTrack(trx, work.id, values));
      if (t.id !== undefined) await updateTrack(trx, work.id, t.id, values);
      for (const [material, key] of [
        ['music', t.audio_key],
        ['lyric', t.lyric_key],
      ] as const) {
        if (key === null) await clearMaterialSlot(trx, work.id, trackId, material);
        else if (key !== undefined)
          await setMaterial(trx, { work_id: work.id, track_id: trackId, kind: material, file_id: files.get(key)!.id });
      }
    }
    if (body.cover_key === null) await clearMaterialSlot(trx, work.id, null, 'cover');
    else if (body.cover_key !== undefined) {
      const fileId = files.get(body.cover_key)!.id;
      await setMaterial(trx, { work_id: work.id, track_id: null, kind: 'cover', file_id: fileId });
      // A cover is shown to everyone (stores, lists): the one user file anyone may read by URL.
      await markFilePublic(trx, fileId);
      await fingerprintCover(deps, trx, { file_id: fileId, user_id: userId, work_id: work.id, key: body.cover_key });
    }
    await advanceIfComplete(trx, userId, work.id);
    return work.id;
  });
  return loadWorkDetail(deps, workId);
}

// ---- step 2 ----

export async function saveScope(deps: Deps, userId: number, body: WorkScopeBody): Promise<WorkDetail> {
  if (!isCalendarDate(body.release_date)) throw new AppError('VALIDATION', { fields: ['release_date'] });
  const earliest = addDays(shanghaiToday(), deps.config.releaseLeadDays);
  if (body.release_date < earliest) throw new AppError('WORK_RELEASE_DATE_TOO_SOON', { earliest });
  const platforms = [...new Set(body.platforms)];
  const enabled = new Set((await enabledPlatforms(deps.database.db)).map((p) => p.code));
  const unknown = platforms.filter((p) => !enabled.has(p));
  if (unknown.length > 0) throw new AppError('WORK_PLATFORM_UNKNOWN', { codes: unknown });
  const worldwide = body.territories === 'worldwide';
  const territories = worldwide ? [] : [...new Set(body.territories as string[])];

  await inTransaction(deps, async (trx) => {
    await openForEdit(trx, userId, body.id);
    // a reopened work that is complete goes straight on; one still missing information cannot choose its scope
    const status = await advanceIfComplete(trx, userId, body.id);
    if (status === '00' || status === '01') throw new AppError('WORK_INCOMPLETE');
    await updateWork(trx, body.id, { platforms, worldwide, territories, release_date: body.release_date });
    if (status === '10' || status === '11')
      await applyTransition(trx, { workId: body.id, from: status, action: 'choose_scope', actor: 'user', userId });
  });
  return loadWorkDetail(deps, body.id);
}
