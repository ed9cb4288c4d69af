/**
 * The musician's works: create a draft, save step 1 (information and files), step 2 (distribution scope), sign
 * step 3 (pre-review, the authorization letter, submission), and manage each work as its status allows (withdraw
 * from review, reopen after a rejection, delete, change an online work or give the change up, add and remove
 * materials). Lists, counts and the entry page's data.
 *
 * Every call loads the work by (id, user): another user's work answers WORK_NOT_FOUND exactly like an unknown id.
 * Every write locks the work's row first (works.repository findWork forUpdate), inside one transaction, and status
 * moves only through work-transition.ts. Editing a rejected work reopens it; material changes on an online work
 * start a change (the live version kept aside); a complete step 1 moves 00/01 on to 10/11 by itself.
 */

import { randomUUID } from 'node:crypto';
import type { Lang } from '@trackline/contract/errors';
import { isValidIsrc, isValidUpc, maskMobile, normalizeIsrc, normalizeUpc } from '@trackline/contract/identifiers';
import {
  AGREEMENT_VERSION,
  type IndexData,
  MATERIAL_FILE_KIND,
  type MaterialKind,
  type PlatformItem,
  type PrereviewResult,
  type Property,
  type Source,
  sourceCode,
  type WaitCount,
  type WcStatement,
  type WorkDetail,
  type WorkEvent,
  type WorkListData,
} from '@trackline/contract/work-model';
import {
  DELETABLE_STATUSES,
  isEditable,
  nextStatus,
  STATUS_GROUPS,
  type StatusGroup,
  statusesOfGroup,
  type WorkStatus,
} from '@trackline/contract/work-status';
import type {
  MaterialAddBody,
  TrackInput,
  WorkInfoBody,
  WorkListBody,
  WorkScopeBody,
  WorkSignBody,
} from '@trackline/contract/works';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { hitWithin } from '../../platform/security/rate-limiter';
import { legalParty } from '../account/legal-party';
import { fingerprintCoverTask } from '../covers/covers.tasks';
import { decodeLyrics } from '../media/lyrics';
import { isRefusal } from '../media/refusal';
import { requireLegalParty } from '../realname/realname.service';
import { markFilePublic } from '../storage/file-access';
import { findUserFilesByKeys } from '../storage/storage.repository';
import { authorizationLetter, type LetterInput, SignatureUndecodable } from './authorization-letter';
import { addDays, isCalendarDate, shanghaiDayStart, shanghaiToday } from './calendar';
import { prereviewWork } from './prereview';
import { parseSignature, type SignatureImage } from './signature';
import { isComplete } from './work-completeness';
import { loadWorkDetail, toListItem, workHistory } from './work-detail';
import { restoreSnapshot, takeSnapshot } from './work-snapshot';
import { applyTransition, recordCreated } from './work-transition';
import {
  authorizationKeys,
  clearMaterialSlot,
  clearTrackIsrcs,
  countByStatus,
  countUnfinished,
  deleteMaterial,
  deleteTracksExcept,
  deleteWork,
  enabledPlatforms,
  findWork,
  insertAuthorization,
  insertTrack,
  insertWork,
  isrcsTakenElsewhere,
  latestAuthorization,
  listMaterials,
  listTracks,
  lockUserForNewWork,
  pageWorks,
  setMaterial,
  type TrackValues,
  upcTakenElsewhere,
  updateTrack,
  updateWork,
  type WorkRow,
} from './works.repository';

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

type Status = WorkStatus;
const statusOf = (w: WorkRow) => w.status as Status;

async function ownWork(db: Db, userId: number, workId: number, forUpdate = false): Promise<WorkRow> {
  const work = await findWork(db, workId, { userId, forUpdate });
  if (!work) throw new AppError('WORK_NOT_FOUND');
  return work;
}

/** A code taken by another work between our check and our write: the codes' unique indexes say so. */
function isCodeTaken(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (e.constraint === 'work_tracks_isrc' || e.constraint === 'works_upc');
}

/** The cover maker's near-copy check learns the cover (covers.tasks.ts), once the transaction commits. */
function fingerprintCover(
  deps: Deps,
  trx: Db,
  payload: { file_id: number; user_id: number; work_id: number; key: string },
) {
  return deps.jobs.add(fingerprintCoverTask, payload, {}, trx);
}

async function inTransaction<T>(deps: Deps, run: (trx: Db) => Promise<T>): Promise<T> {
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
async function openForEdit(
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
async function advanceIfComplete(trx: Db, userId: number, workId: number): Promise<Status> {
  const work = await ownWork(trx, userId, workId);
  const status = statusOf(work);
  if (status !== '00' && status !== '01') return status;
  const [tracks, materials] = await Promise.all([listTracks(trx, workId), listMaterials(trx, workId)]);
  if (!isComplete(work, tracks, materials)) return status;
  return applyTransition(trx, { workId, from: status, action: 'complete_info', actor: 'user', userId });
}

// ---- files ----

interface AttachableFile {
  id: number;
  key: string;
  kind: string;
  content_type: string;
}

/** The user's own files among the keys; WORK_FILE_INVALID naming the first key that is unknown or someone else's. */
async function ownFiles(deps: Deps, userId: number, keys: readonly string[]): Promise<Map<string, AttachableFile>> {
  const unique = [...new Set(keys)];
  const rows = await findUserFilesByKeys(deps.database.db, userId, unique);
  const byKey = new Map(rows.map((r) => [r.key, r as AttachableFile]));
  const missing = unique.find((k) => !byKey.has(k));
  if (missing !== undefined) throw new AppError('WORK_FILE_INVALID', { key: missing });
  return byKey;
}

/** A file can fill a material slot when its kind (by its bytes, at upload) is the one the material takes. */
function assertFits(file: AttachableFile, material: MaterialKind): void {
  const fits =
    file.kind === MATERIAL_FILE_KIND[material] &&
    // stores take JPG and PNG covers only; GIF and WebP are images too, but never a cover
    (material !== 'cover' || file.content_type === 'image/png' || file.content_type === 'image/jpeg');
  if (!fits) throw new AppError('WORK_FILE_INVALID', { key: file.key, kind: material });
}

/** The sung text of a lyrics file: LRC lines without their time tags, plain text as it is (GBK converted). */
async function lyricsText(deps: Deps, key: string): Promise<string> {
  const body = await deps.storage.get(key);
  if (!body) throw new AppError('WORK_FILE_INVALID', { key });
  const info = decodeLyrics(body);
  if (isRefusal(info)) throw new AppError('WORK_FILE_INVALID', { key, issues: info.issues });
  return info.format === 'lrc' ? info.lines.map((l) => l.text).join('\n') : info.text;
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

// ---- step 3 ----

function signatureKey(userId: number): string {
  return `users/${userId}/signatures/${randomUUID()}.png`;
}

function letterKey(userId: number): string {
  return `users/${userId}/authorizations/${randomUUID()}.pdf`;
}

async function letterInput(
  trx: Db,
  work: WorkRow,
  user: Musician,
  signedAt: Date,
  ip: string,
  signature: SignatureImage | null,
): Promise<LetterInput> {
  const [tracks, platforms, party] = await Promise.all([
    listTracks(trx, work.id),
    trx.selectFrom('platforms').select(['code', 'name_zh', 'name_en']).execute(),
    legalParty(trx, user.id),
  ]);
  const byCode = new Map(platforms.map((p) => [p.code, p]));
  return {
    workId: work.id,
    kind: work.kind,
    title: work.title,
    version: work.version,
    primaryArtists: work.primary_artists,
    featuredArtists: work.featured_artists,
    label: work.label,
    upc: work.upc,
    tracks: tracks.map((t) => ({
      position: t.position,
      title: t.title,
      version: t.version,
      primaryArtists: t.primary_artists,
      featuredArtists: t.featured_artists,
      isrc: t.isrc,
    })),
    property: work.property as Property,
    wcStatement: work.wc_statement as WcStatement,
    source: work.source as Source,
    platforms: work.platforms.map((code) => {
      const p = byCode.get(code);
      return { code, nameZh: p?.name_zh ?? code, nameEn: p?.name_en ?? code };
    }),
    territories: work.worldwide ? 'worldwide' : work.territories,
    releaseDate: work.release_date ?? '',
    agreementVersion: AGREEMENT_VERSION,
    signedAt,
    ip,
    signer: {
      id: user.id,
      nickname: user.nickname,
      mobile: maskMobile(user.mobile),
      legal: party ? { kind: party.kind, name: party.name, guardianName: party.guardianName } : undefined,
    },
    signaturePng: signature?.png ?? null,
  };
}

/**
 * Signs the letter and submits the work (100 → 200, 101 → 201). Refuses while pre-review finds an error, for
 * source 8, without a drawn signature for wcStatement 2, or with a signature that is not a sane PNG. The letter is
 * stored as a PDF with its terms; files stored before a refusal are removed again.
 */
export async function signWork(
  deps: Deps,
  user: Musician,
  body: WorkSignBody,
  ip: string,
  warn: (msg: string) => void,
): Promise<WorkDetail> {
  if (body.agreement_version !== AGREEMENT_VERSION)
    throw new AppError('WORK_AGREEMENT_OUTDATED', { current: AGREEMENT_VERSION });
  const stored: string[] = [];
  try {
    await inTransaction(deps, async (trx) => {
      const work = await ownWork(trx, user.id, body.id, true);
      const status = statusOf(work);
      if (['00', '01', '10', '11'].includes(status)) throw new AppError('WORK_INCOMPLETE');
      if (status !== '100' && status !== '101') throw new AppError('WORK_STATUS_CONFLICT', { from: status });
      const { issues, can_submit } = await prereviewWork(deps, work.id, trx);
      if (work.source === 8) throw new AppError('WORK_NO_AUTHORIZATION', { issues });
      if (!can_submit) throw new AppError('WORK_PREREVIEW_FAILED', { issues });
      // The letter names the legal party (issue 10): a verified real name, company, or a minor with the guardian.
      await requireLegalParty(trx, user.id);
      if (work.wc_statement === 2 && !body.signature_png) throw new AppError('WORK_SIGNATURE_REQUIRED');
      const signature = body.signature_png ? await parseSignature(body.signature_png) : null;

      const signedAt = new Date();
      const input = await letterInput(trx, work, user, signedAt, ip, signature);
      let pdf: Uint8Array;
      try {
        pdf = await authorizationLetter(input, warn);
      } catch (err) {
        // the header was checked; a PNG whose image data does not decode is still not a signature
        if (err instanceof SignatureUndecodable) throw new AppError('WORK_SIGNATURE_INVALID', { reason: 'corrupt' });
        throw err;
      }
      const sigKey = signature ? signatureKey(user.id) : null;
      const pdfKey = letterKey(user.id);
      if (sigKey && signature) {
        await deps.storage.put(sigKey, signature.png, 'image/png');
        stored.push(sigKey);
      }
      await deps.storage.put(pdfKey, Buffer.from(pdf), 'application/pdf');
      stored.push(pdfKey);
      const terms = {
        work: {
          id: work.id,
          kind: work.kind,
          title: work.title,
          version: work.version,
          primary_artists: work.primary_artists,
          featured_artists: work.featured_artists,
          upc: work.upc,
          tracks: input.tracks.map((t) => ({
            position: t.position,
            title: t.title,
            version: t.version,
            primary_artists: t.primaryArtists,
            featured_artists: t.featuredArtists,
            isrc: t.isrc,
          })),
        },
        rights: { property: input.property, wc_statement: input.wcStatement, source: input.source },
        scope: { platforms: work.platforms, territories: input.territories, release_date: work.release_date },
        signed: signature !== null,
        legal_party: input.signer.legal
          ? {
              kind: input.signer.legal.kind,
              name: input.signer.legal.name,
              guardian: input.signer.legal.guardianName ?? null,
            }
          : null,
      };
      await insertAuthorization(trx, {
        work_id: work.id,
        user_id: user.id,
        signed_at: signedAt,
        ip,
        agreement_version: AGREEMENT_VERSION,
        wc_statement: input.wcStatement,
        signature_key: sigKey,
        pdf_key: pdfKey,
        terms: JSON.stringify({ ...terms, rights: { ...terms.rights, source_code: sourceCode(input.source) } }),
      });
      await applyTransition(trx, {
        workId: work.id,
        from: status,
        action: 'submit',
        actor: 'user',
        userId: user.id,
        set: { submitted_at: signedAt, reject_reason: null, reject_text: '' },
      });
    });
  } catch (err) {
    await Promise.all(stored.map((key) => deps.storage.remove(key).catch(() => undefined)));
    throw err;
  }
  return loadWorkDetail(deps, body.id);
}

// ---- reads ----

/** For other modules (a work order about a work): whether the work exists and is this user's. */
export async function isOwnWork(deps: Deps, userId: number, workId: number): Promise<boolean> {
  return (await findWork(deps.database.db, workId, { userId })) !== undefined;
}

export async function myWorkDetail(deps: Deps, userId: number, workId: number): Promise<WorkDetail> {
  await ownWork(deps.database.db, userId, workId);
  return loadWorkDetail(deps, workId);
}

export async function myWorkHistory(deps: Deps, userId: number, workId: number): Promise<WorkEvent[]> {
  await ownWork(deps.database.db, userId, workId);
  return workHistory(deps, workId, { staffNames: false });
}

export async function myPrereview(deps: Deps, userId: number, workId: number): Promise<PrereviewResult> {
  await ownWork(deps.database.db, userId, workId);
  return prereviewWork(deps, workId);
}

/** The latest signed letter's PDF, for its owner only. */
export async function myAuthorizationPdf(
  deps: Deps,
  userId: number,
  workId: number,
): Promise<{ pdf: Buffer; filename: string }> {
  await ownWork(deps.database.db, userId, workId);
  return authorizationPdf(deps, workId);
}

/**
 * The latest signed letter's PDF of a work, with no ownership check: the owner's call checks ownership first, the
 * editors' call (review.service.ts) that the work exists.
 */
export async function authorizationPdf(deps: Deps, workId: number): Promise<{ pdf: Buffer; filename: string }> {
  const letter = await latestAuthorization(deps.database.db, workId);
  const pdf = letter ? await deps.storage.get(letter.pdf_key) : null;
  if (!letter || !pdf) throw new AppError('WORK_AUTHORIZATION_MISSING');
  const day = shanghaiToday(letter.signed_at);
  return { pdf, filename: `trackline-authorization-${workId}-${day}.pdf` };
}

export async function myWorks(deps: Deps, userId: number, query: WorkListBody): Promise<WorkListData> {
  for (const [field, day] of [
    ['from', query.from],
    ['to', query.to],
  ] as const)
    if (day && !isCalendarDate(day)) throw new AppError('VALIDATION', { fields: [field] });
  let statuses: WorkStatus[] | undefined;
  if (query.group) statuses = statusesOfGroup(query.group);
  if (query.status) statuses = (statuses ?? [query.status]).filter((s) => s === query.status);
  const { rows, total } = await pageWorks(
    deps.database.db,
    userId,
    {
      statuses,
      keyword: query.keyword,
      // whole days in Shanghai, both ends included
      createdFrom: query.from ? shanghaiDayStart(query.from) : undefined,
      createdBefore: query.to ? shanghaiDayStart(addDays(query.to, 1)) : undefined,
    },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { list: rows.map((r) => toListItem(deps, r)), total, page: query.page, limit: query.limit };
}

export async function platformList(deps: Deps, lang: Lang): Promise<PlatformItem[]> {
  const rows = await enabledPlatforms(deps.database.db);
  return rows.map((p) => ({ code: p.code, name: lang === 'en' ? p.name_en : p.name_zh, region: p.region }));
}

const DRAFTS: readonly WorkStatus[] = ['00', '01', '10', '11', '100', '101'];
const UNDER_REVIEW: readonly WorkStatus[] = ['200', '201', '300', '301'];
const REJECTED: readonly WorkStatus[] = ['400', '401'];

const sumOf = (counts: Map<string, number>, statuses: readonly WorkStatus[]) =>
  statuses.reduce((n, s) => n + (counts.get(s) ?? 0), 0);

export async function waitCount(deps: Deps, userId: number): Promise<WaitCount> {
  const counts = await countByStatus(deps.database.db, userId);
  return {
    drafts: sumOf(counts, DRAFTS),
    under_review: sumOf(counts, UNDER_REVIEW),
    rejected: sumOf(counts, REJECTED),
  };
}

export const INDEX_LIST_SIZE = 5;

/** The entry page: counts per §4 group, drafts to finish, rejected works to fix, the latest works. */
export async function indexData(deps: Deps, userId: number): Promise<IndexData> {
  const db = deps.database.db;
  const page = { offset: 0, limit: INDEX_LIST_SIZE };
  const [counts, drafts, rejected, recent] = await Promise.all([
    countByStatus(db, userId),
    pageWorks(db, userId, { statuses: DRAFTS }, page),
    pageWorks(db, userId, { statuses: REJECTED }, page),
    pageWorks(db, userId, {}, page),
  ]);
  return {
    counts: Object.fromEntries(STATUS_GROUPS.map((g) => [g, sumOf(counts, statusesOfGroup(g))])) as Record<
      StatusGroup,
      number
    >,
    drafts: drafts.rows.map((r) => toListItem(deps, r)),
    rejected: rejected.rows.map((r) => toListItem(deps, r)),
    recent: recent.rows.map((r) => toListItem(deps, r)),
  };
}

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
