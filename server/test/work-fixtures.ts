/**
 * Works written straight into the test's database, in any status, so a test of one side (editors' review, the
 * musician's list…) does not depend on the other side's calls. A fixture is a complete, believable release by
 * default — every field an editor checks filled in, a 3000×3000 RGB cover and a 44.1 kHz 16-bit stereo WAV per
 * track as user_files rows with their analysis (meta) and a distinct sha256 — and every part can be overridden.
 * The files' bytes are not stored: their URLs only need to exist as URLs.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { WorkStatus } from '@trackline/contract/work-status';
import type { Db } from '../src/platform/db/database';
import type { TestApp } from './harness';

export const WAV_META = {
  format: 'wav',
  bitDepth: 16,
  sampleRate: 44_100,
  channels: 2,
  durationSec: 187.4,
  lossy: false,
} as const;

export const COVER_META = { format: 'jpg', width: 3000, height: 3000, colorSpace: 'rgb', bitDepth: 8 } as const;

export interface FixtureTrack {
  title?: string;
  version?: string;
  primary_artists?: string[];
  featured_artists?: string[];
  lyricist?: string[];
  composer?: string[];
  arranger?: string[];
  producer?: string[];
  isrc?: string | null;
  explicit?: boolean;
  language?: string | null;
  lyrics?: string;
  /** The main audio's analysis; null for a track without audio. */
  audio?: Record<string, unknown> | null;
}

export interface FixtureWork {
  status?: WorkStatus;
  kind?: 'single' | 'album';
  title?: string;
  version?: string;
  primary_artists?: string[];
  featured_artists?: string[];
  genre?: string | null;
  language?: string | null;
  explicit?: boolean;
  release_date?: string | null;
  original_release_date?: string | null;
  label?: string;
  p_line?: string;
  c_line?: string;
  upc?: string | null;
  property?: number | null;
  wc_statement?: number | null;
  source?: number | null;
  platforms?: string[];
  remark?: string;
  reject_reason?: string | null;
  reject_text?: string;
  /** Defaults to now for statuses from 200 on, else null. */
  submitted_at?: Date | null;
  /** A change to an online work keeps the live version here (statuses ending in 1). */
  live_snapshot?: Record<string, unknown> | null;
  /** The cover's analysis; null for no cover. */
  cover?: Record<string, unknown> | null;
  /** Tracks, or how many default tracks (a single has 1, an album 2 by default). */
  tracks?: FixtureTrack[] | number;
}

export interface FixtureResult {
  id: number;
  trackIds: number[];
  coverFileId: number | null;
  audioFileIds: number[];
}

function dbOf(t: TestApp | Db): Db {
  return 'deps' in t ? t.deps.database.db : t;
}

function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const REVIEWED_OR_LATER = new Set<WorkStatus>(['200', '201', '300', '301', '400', '401', '990', '991']);

async function insertFile(
  db: Db,
  userId: number,
  kind: 'audio' | 'image',
  meta: Record<string, unknown>,
): Promise<number> {
  const ext = kind === 'audio' ? 'wav' : 'jpg';
  const row = await db
    .insertInto('user_files')
    .values({
      user_id: userId,
      key: `users/${userId}/media/fixture/${randomUUID()}.${ext}`,
      kind,
      content_type: kind === 'audio' ? 'audio/wav' : 'image/jpeg',
      size_bytes: kind === 'audio' ? 33_064_044 : 2_481_337,
      original_name: kind === 'audio' ? 'master.wav' : 'cover.jpg',
      sha256: randomBytes(32).toString('hex'),
      meta: JSON.stringify(meta),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a work of `userId` with its tracks, cover and audio; answers the ids. */
export async function insertWork(t: TestApp | Db, userId: number, spec: FixtureWork = {}): Promise<FixtureResult> {
  const db = dbOf(t);
  const status = spec.status ?? '200';
  const kind = spec.kind ?? 'single';
  const title = spec.title ?? '夜航';
  const artists = spec.primary_artists ?? ['林一'];
  const tracks: FixtureTrack[] =
    typeof spec.tracks === 'object'
      ? spec.tracks
      : Array.from({ length: spec.tracks ?? (kind === 'single' ? 1 : 2) }, (_, i) => ({
          title: kind === 'single' ? title : `${title} ${i + 1}`,
        }));
  const user = await db.selectFrom('users').select('agent_id').where('id', '=', userId).executeTakeFirstOrThrow();

  return db.transaction().execute(async (trx) => {
    const work = await trx
      .insertInto('works')
      .values({
        user_id: userId,
        agent_id: user.agent_id,
        kind,
        status,
        remark: spec.remark ?? '',
        reject_reason: spec.reject_reason ?? null,
        reject_text: spec.reject_text ?? '',
        title,
        version: spec.version ?? '',
        primary_artists: artists,
        featured_artists: spec.featured_artists ?? [],
        genre: spec.genre === undefined ? 'pop' : spec.genre,
        language: spec.language === undefined ? 'zh-cmn' : spec.language,
        explicit: spec.explicit ?? false,
        original_release_date: spec.original_release_date ?? null,
        release_date: spec.release_date === undefined ? daysFromNow(14) : spec.release_date,
        label: spec.label ?? '乐轨音乐',
        p_line: spec.p_line ?? '℗ 2026 乐轨音乐',
        c_line: spec.c_line ?? '© 2026 乐轨音乐',
        upc: spec.upc ?? null,
        property: spec.property === undefined ? 1 : spec.property,
        wc_statement: spec.wc_statement === undefined ? 1 : spec.wc_statement,
        source: spec.source === undefined ? 1 : spec.source,
        platforms: spec.platforms ?? ['qq_music', 'netease', 'spotify'],
        live_snapshot: spec.live_snapshot ? JSON.stringify(spec.live_snapshot) : null,
        submitted_at:
          spec.submitted_at !== undefined ? spec.submitted_at : REVIEWED_OR_LATER.has(status) ? new Date() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const coverMeta = spec.cover === undefined ? COVER_META : spec.cover;
    let coverFileId: number | null = null;
    if (coverMeta) {
      coverFileId = await insertFile(trx, userId, 'image', coverMeta);
      await trx
        .insertInto('work_materials')
        .values({ work_id: work.id, track_id: null, kind: 'cover', file_id: coverFileId })
        .execute();
    }

    const trackIds: number[] = [];
    const audioFileIds: number[] = [];
    for (const [i, tr] of tracks.entries()) {
      const track = await trx
        .insertInto('work_tracks')
        .values({
          work_id: work.id,
          position: i + 1,
          title: tr.title ?? `${title} ${i + 1}`,
          version: tr.version ?? '',
          primary_artists: tr.primary_artists ?? artists,
          featured_artists: tr.featured_artists ?? [],
          lyricist: tr.lyricist ?? ['林一'],
          composer: tr.composer ?? ['林一'],
          arranger: tr.arranger ?? [],
          producer: tr.producer ?? [],
          isrc: tr.isrc ?? null,
          explicit: tr.explicit ?? false,
          language: tr.language === undefined ? 'zh-cmn' : tr.language,
          lyrics: tr.lyrics ?? '',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      trackIds.push(track.id);
      const audioMeta = tr.audio === undefined ? WAV_META : tr.audio;
      if (audioMeta) {
        const fileId = await insertFile(trx, userId, 'audio', audioMeta);
        audioFileIds.push(fileId);
        await trx
          .insertInto('work_materials')
          .values({ work_id: work.id, track_id: track.id, kind: 'music', file_id: fileId })
          .execute();
      }
    }

    // Its history so far: created, then put straight into its status by the fixture.
    await trx
      .insertInto('work_events')
      .values({
        work_id: work.id,
        actor: 'user',
        user_id: userId,
        action: 'create',
        from_status: null,
        to_status: '00',
      })
      .execute();
    if (status !== '00') {
      await trx
        .insertInto('work_events')
        .values({ work_id: work.id, actor: 'system', action: 'fixture', from_status: '00', to_status: status })
        .execute();
    }
    return { id: work.id, trackIds, coverFileId, audioFileIds };
  });
}

/** The work's row as stored (status, codes, reject reason…), for assertions. */
export function readWork(t: TestApp | Db, id: number) {
  return dbOf(t).selectFrom('works').selectAll().where('id', '=', id).executeTakeFirst();
}

export function readTracks(t: TestApp | Db, workId: number) {
  return dbOf(t).selectFrom('work_tracks').selectAll().where('work_id', '=', workId).orderBy('position').execute();
}
