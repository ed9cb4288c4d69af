/**
 * Pre-review: everything an editor would reject a work for, found before it is submitted, each as a RuleIssue with
 * its rule and the field it concerns ('title', 'tracks.0.primary_artists.1', 'cover', 'tracks.1.audio'). The
 * musician sees it on step 3 (and signing refuses while an error remains); editors see the same list.
 *
 * - missing required fields (work-completeness.ts), an original without lyricist or composer;
 * - source 8 (no authorization): 'rights.no_authorization';
 * - titles and artist names (contract title-rules.ts);
 * - user-supplied UPC and ISRC (format, GS1 check digit);
 * - the cover (media/image.ts, from the stored file's header: nothing is decoded);
 * - audio (media/audio.ts, from what the upload's analyzer stored, or the stored file when that is missing);
 * - duplicate audio by SHA-256: another account's recording blocks, the user's own other work warns;
 * - a track with vocals and no lyrics warns.
 * The signature that wcStatement 2 needs is checked when signing, not here.
 */
import type { Readable } from 'node:stream';
import { isrcIssues, upcIssues } from '@trackline/contract/identifiers';
import { artistIssues, titleIssues } from '@trackline/contract/title-rules';
import type { PrereviewResult } from '@trackline/contract/work-model';
import type { AudioInfo, RuleIssue } from '@trackline/contract/works-types';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { AUDIO_HEAD_BYTES, analyzeAudio, audioIssues } from '../media/audio';
import { analyzeCover, COVER_RULES, type CoverHeader, coverIssues } from '../media/image';
import { isRefusal } from '../media/refusal';
import { audioRuleOptions } from './material-audio-rules';
import { requiredIssues } from './work-completeness';
import { findWork, type WorkRow } from './works.repository';
import {
  listMaterials,
  listTracks,
  type MaterialRow,
  mainAudioWithHashes,
  type TrackRow,
} from './works.tracks-repository';

/** A cover's header (and any EXIF or ICC segments before a JPEG's frame header) fits in this many bytes. */
const COVER_HEAD_BYTES = 2 * 1024 * 1024;

/** Audio materials besides the main audio: MP3 only warns, and a short clip has no minimum length. */

async function readHead(deps: Deps, key: string, bytes: number): Promise<{ head: Buffer; size: number } | null> {
  const stat = await deps.storage.stat(key).catch(() => null);
  if (!stat) return null;
  if (stat.size === 0) return { head: Buffer.alloc(0), size: 0 };
  const stream: Readable | null = await deps.storage
    .read(key, { start: 0, end: Math.min(bytes, stat.size) - 1 })
    .catch(() => null);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { head: Buffer.concat(chunks), size: stat.size };
}

function isAudioInfo(meta: unknown): meta is AudioInfo {
  const m = meta as Partial<AudioInfo> | null;
  return (
    !!m &&
    typeof m === 'object' &&
    typeof m.format === 'string' &&
    typeof m.sampleRate === 'number' &&
    typeof m.channels === 'number' &&
    typeof m.durationSec === 'number'
  );
}

/** The audio as analyzed at upload, or analyzed now from the stored file's head. */
async function audioOf(deps: Deps, m: MaterialRow, field: string): Promise<AudioInfo | RuleIssue[]> {
  if (isAudioInfo(m.meta)) return m.meta;
  const file = await readHead(deps, m.key, AUDIO_HEAD_BYTES);
  if (!file) return [{ rule: 'file.unreadable', field, severity: 'error' }];
  const open = async () => {
    const body = await deps.storage.read(m.key);
    if (!body) throw new Error(`stored file ${m.key} is gone`);
    return body;
  };
  const info = await analyzeAudio({ ...file, open }, field);
  return isRefusal(info) ? info.issues : info;
}

function isCoverHeader(meta: unknown): meta is CoverHeader {
  const m = meta as Partial<CoverHeader> | null;
  return (
    !!m &&
    typeof m === 'object' &&
    (m.format === 'jpg' || m.format === 'png') &&
    typeof m.width === 'number' &&
    typeof m.height === 'number' &&
    typeof m.colorSpace === 'string'
  );
}

/** The cover's rules from its stored analysis when it has one, else from the stored file's header. */
async function coverRules(deps: Deps, m: MaterialRow): Promise<RuleIssue[]> {
  if (isCoverHeader(m.meta)) {
    const { width, height } = m.meta;
    const r = COVER_RULES;
    if (width > r.maxSide || height > r.maxSide || width * height > r.maxPixels)
      return [
        {
          rule: 'cover.too_large',
          field: 'cover',
          severity: 'error',
          params: { width, height, maxSide: r.maxSide, maxMegapixels: r.maxPixels / 1_000_000 },
        },
      ];
    return coverIssues(m.meta, 'cover');
  }
  const file = await readHead(deps, m.key, COVER_HEAD_BYTES);
  if (!file) return [{ rule: 'file.unreadable', field: 'cover', severity: 'error' }];
  // Decoded when the head is the whole file; a bigger one (never checked at upload) is judged by its header.
  const info = await analyzeCover(file.head, 'cover', { whole: file.head.length >= file.size });
  return isRefusal(info) ? info.issues : info.warnings;
}

function textRules(work: WorkRow, tracks: readonly TrackRow[]): RuleIssue[] {
  const out: RuleIssue[] = [];
  // empty values are 'field.required' (where required) from work-completeness.ts, not reported twice
  const title = (value: string, field: string) => {
    if (value.trim() !== '') out.push(...titleIssues(value, field));
  };
  const names = (values: readonly string[], field: string) =>
    values.forEach((name, j) => {
      if (name.trim() !== '') out.push(...artistIssues(name, `${field}.${j}`));
    });
  title(work.title, 'title');
  title(work.version, 'version');
  names(work.primary_artists, 'primary_artists');
  names(work.featured_artists, 'featured_artists');
  tracks.forEach((t, i) => {
    const base = `tracks.${i}`;
    title(t.title, `${base}.title`);
    title(t.version, `${base}.version`);
    for (const role of ['primary_artists', 'featured_artists', 'lyricist', 'composer', 'arranger', 'producer'] as const)
      names(t[role], `${base}.${role}`);
  });
  return out;
}

async function duplicateAudio(
  db: Db,
  work: WorkRow,
  tracks: readonly TrackRow[],
  materials: readonly MaterialRow[],
): Promise<RuleIssue[]> {
  const out: RuleIssue[] = [];
  const mains = tracks.map((t, i) => ({
    index: i,
    position: t.position,
    sha256: materials.find((m) => m.kind === 'music' && m.track_id === t.id)?.sha256 ?? null,
  }));
  const firstPosition = new Map<string, number>();
  for (const m of mains) {
    if (!m.sha256) continue;
    const first = firstPosition.get(m.sha256);
    if (first === undefined) firstPosition.set(m.sha256, m.position);
    else
      out.push({
        rule: 'audio.duplicate_in_work',
        field: `tracks.${m.index}.audio`,
        severity: 'error',
        params: { position: first },
      });
  }
  const others = await mainAudioWithHashes(db, work.id, [...firstPosition.keys()]);
  for (const m of mains) {
    if (!m.sha256) continue;
    const same = others.filter((o) => o.sha256 === m.sha256);
    const field = `tracks.${m.index}.audio`;
    // another account's work is never named: it is none of this musician's business which one it is
    if (same.some((o) => o.user_id !== work.user_id))
      out.push({ rule: 'audio.duplicate_other', field, severity: 'error' });
    else if (same.length > 0)
      out.push({ rule: 'audio.duplicate_own', field, severity: 'warning', params: { work_id: same[0]!.work_id } });
  }
  return out;
}

/**
 * Pre-review of a work (no ownership check: callers check who may see it first). `db` is the caller's transaction
 * when it holds the work's lock (signing), so the check and the submission see the same work.
 */
export async function prereviewWork(deps: Deps, workId: number, db: Db = deps.database.db): Promise<PrereviewResult> {
  const work = await findWork(db, workId);
  if (!work) throw new AppError('WORK_NOT_FOUND');
  const [tracks, materials] = await Promise.all([listTracks(db, workId), listMaterials(db, workId)]);
  const issues: RuleIssue[] = [...requiredIssues(work, tracks, materials)];
  if (work.source === 8) issues.push({ rule: 'rights.no_authorization', field: 'source', severity: 'error' });
  issues.push(...textRules(work, tracks));
  issues.push(...upcIssues(work.upc, 'upc'));
  for (const [i, t] of tracks.entries()) issues.push(...isrcIssues(t.isrc, `tracks.${i}.isrc`));

  const cover = materials.find((m) => m.kind === 'cover');
  if (cover) issues.push(...(await coverRules(deps, cover)));

  for (const [i, t] of tracks.entries()) {
    for (const m of materials.filter((x) => x.track_id === t.id)) {
      const options = audioRuleOptions(m.kind);
      if (!options) continue;
      const field = `tracks.${i}.${m.kind === 'music' ? 'audio' : m.kind}`;
      const info = await audioOf(deps, m, field);
      issues.push(...(Array.isArray(info) ? info : audioIssues(info, field, options)));
    }
    const instrumental = (t.language ?? work.language) === 'instrumental';
    const hasLyricFile = materials.some((m) => m.kind === 'lyric' && m.track_id === t.id);
    if (!instrumental && t.lyrics.trim() === '' && !hasLyricFile)
      issues.push({ rule: 'lyrics.missing', field: `tracks.${i}.lyrics`, severity: 'warning' });
  }
  issues.push(...(await duplicateAudio(db, work, tracks, materials)));
  return { issues, can_submit: !issues.some((i) => i.severity === 'error') };
}
