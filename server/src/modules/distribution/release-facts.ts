/**
 * From an approved work (the works module's detail: fields, tracks, files with their analysis and SHA-256) to the
 * release model. A message is never built from a missing fact: no invented sample rate, no "Unknown Artist", no
 * label made up from the artist's name. What is missing comes back as issues (gate 'facts', rule named), and
 * nothing is built until the work is fixed.
 *
 * Rules: fact.upc, fact.isrc, fact.title, fact.artist, fact.label, fact.genre, fact.release_date, fact.territories,
 * fact.cover, fact.cover_analysis, fact.audio, fact.audio_analysis, fact.file_hash.
 */

import type { Genre, MaterialItem, TrackItem, WorkDetail, WorkLanguage } from '@trackline/contract/work-model';
import type { AudioInfo, CoverInfo } from '@trackline/contract/works-types';
import { type GateIssue, issue } from './gates/gate-result';
import {
  type ArtistCredit,
  type AudioFile,
  type ContributorCredit,
  type ImageFile,
  type ReleaseModel,
  releaseTypeFor,
  type TrackModel,
} from './release-model';

/** Genre texts as stores list them; 'other' says nothing a store can file the release under. */
const GENRE_TEXT: Record<Exclude<Genre, 'other'>, string> = {
  pop: 'Pop',
  rock: 'Rock',
  folk: 'Folk',
  electronic: 'Electronic',
  hiphop: 'Hip-Hop/Rap',
  rnb: 'R&B/Soul',
  jazz: 'Jazz',
  classical: 'Classical',
  country: 'Country',
  metal: 'Metal',
  ambient: 'Ambient',
  soundtrack: 'Soundtrack',
  world: 'World',
  children: "Children's Music",
  chinese_traditional: 'Chinese Traditional',
};

/** BCP 47 codes of the work's languages (instrumental and 'other' have none). */
const LANGUAGE_CODE: Partial<Record<WorkLanguage, string>> = {
  'zh-cmn': 'cmn',
  'zh-yue': 'yue',
  'zh-nan': 'nan',
  en: 'en',
  ja: 'ja',
  ko: 'ko',
};

const HAN = /\p{Script=Han}/u;

/**
 * The language of the metadata (titles and names), the message's LanguageAndScriptCode: Chinese in simplified script
 * when a title or name is written in Han characters (the portal is a mainland one), else the work's own language,
 * else English (Latin-script metadata).
 */
export function metadataLanguage(work: Pick<WorkDetail, 'title' | 'primary_artists' | 'language'>): string {
  if (HAN.test(work.title) || work.primary_artists.some((a) => HAN.test(a))) return 'zh-Hans';
  const code = work.language ? LANGUAGE_CODE[work.language] : undefined;
  return code === 'ja' || code === 'ko' || code === 'en' ? code : 'en';
}

/** A ℗/© line's year: the first four-digit year it names, or null (the line is still sent as written). */
export function lineYear(line: string): number | null {
  const m = /(?:^|\D)(19\d{2}|2\d{3})(?:\D|$)/.exec(line);
  return m ? Number(m[1]) : null;
}

function credits(primary: readonly string[], featured: readonly string[]): ArtistCredit[] {
  return [
    ...primary.map((name) => ({ name, role: 'MainArtist' as const })),
    ...featured.map((name) => ({ name, role: 'FeaturedArtist' as const })),
  ];
}

function contributors(t: TrackItem): ContributorCredit[] {
  return [
    ...t.composer.map((name) => ({ name, role: 'Composer' as const })),
    ...t.lyricist.map((name) => ({ name, role: 'Lyricist' as const })),
    ...t.arranger.map((name) => ({ name, role: 'Arranger' as const })),
    ...t.producer.map((name) => ({ name, role: 'StudioProducer' as const })),
  ];
}

type Issues = GateIssue[];
const fact = (issues: Issues, rule: string, at: string, detail = '') => issues.push(issue('facts', rule, at, detail));

function sha256Of(m: MaterialItem & { sha256?: string | null }, at: string, issues: Issues): string | null {
  if (m.sha256 && /^[0-9a-f]{64}$/.test(m.sha256)) return m.sha256;
  fact(issues, 'fact.file_hash', at, 'the stored file has no SHA-256');
  return null;
}

function audioFile(m: MaterialItem & { sha256?: string | null }, at: string, issues: Issues): AudioFile | null {
  const meta = m.meta as Partial<AudioInfo> | null;
  const sha256 = sha256Of(m, at, issues);
  const { format, sampleRate, channels, durationSec, bitDepth } = meta ?? {};
  if (!format || !sampleRate || !channels || !durationSec || (format !== 'mp3' && !bitDepth)) {
    fact(issues, 'fact.audio_analysis', at, 'no analysis of the audio file');
    return null;
  }
  if (!sha256) return null;
  const codec = format === 'wav' ? 'PCM' : format === 'flac' ? 'FLAC' : 'MP3';
  return {
    key: m.key,
    ext: format,
    sizeBytes: m.size,
    sha256,
    codec,
    container: format === 'wav' ? 'WAV' : null,
    sampleRateHz: sampleRate,
    bitsPerSample: format === 'mp3' ? null : (bitDepth ?? null),
    channels,
    durationSec,
  };
}

function coverFile(m: MaterialItem & { sha256?: string | null }, issues: Issues): ImageFile | null {
  const meta = m.meta as Partial<CoverInfo> | null;
  const sha256 = sha256Of(m, 'cover', issues);
  if (!meta || (meta.format !== 'jpg' && meta.format !== 'png') || !meta.width || !meta.height) {
    fact(issues, 'fact.cover_analysis', 'cover', 'no analysis of the cover');
    return null;
  }
  if (!sha256) return null;
  return {
    key: m.key,
    ext: meta.format,
    sizeBytes: m.size,
    sha256,
    codec: meta.format === 'jpg' ? 'JPEG' : 'PNG',
    width: meta.width,
    height: meta.height,
  };
}

function track(t: TrackItem, index: number, issues: Issues): TrackModel | null {
  const at = `tracks.${index}`;
  if (!t.isrc) fact(issues, 'fact.isrc', `${at}.isrc`);
  if (!t.title.trim()) fact(issues, 'fact.title', `${at}.title`);
  if (t.primary_artists.length === 0) fact(issues, 'fact.artist', `${at}.primary_artists`);
  const music = t.materials.find((m) => m.kind === 'music');
  if (!music) fact(issues, 'fact.audio', `${at}.audio`, 'no main audio');
  const audio = music ? audioFile(music, `${at}.audio`, issues) : null;
  if (!audio || !t.isrc) return null;
  const instrumental = t.language === 'instrumental';
  return {
    position: index + 1,
    isrc: t.isrc,
    title: t.title.trim(),
    version: t.version.trim(),
    displayArtists: credits(t.primary_artists, t.featured_artists),
    contributors: contributors(t),
    explicit: t.explicit,
    language: t.language ? (LANGUAGE_CODE[t.language] ?? null) : null,
    instrumental,
    audio,
    withheldUseTypes: [],
  };
}

export type FactsResult = { ok: true; release: ReleaseModel } | { ok: false; issues: GateIssue[] };

/** The release model of a work, or every fact it lacks. `work` is the works module's detail of an approved work. */
export function releaseFromWork(work: WorkDetail): FactsResult {
  const issues: Issues = [];
  if (!work.upc) fact(issues, 'fact.upc', 'upc');
  if (!work.title.trim()) fact(issues, 'fact.title', 'title');
  if (work.primary_artists.length === 0) fact(issues, 'fact.artist', 'primary_artists');
  if (!work.label.trim()) fact(issues, 'fact.label', 'label', 'stores list every release under a label');
  if (!work.genre || work.genre === 'other') fact(issues, 'fact.genre', 'genre', work.genre ?? '');
  if (!work.release_date) fact(issues, 'fact.release_date', 'release_date');
  if (work.territories !== 'worldwide' && work.territories.length === 0)
    fact(issues, 'fact.territories', 'territories');
  if (!work.cover) fact(issues, 'fact.cover', 'cover');
  const cover = work.cover ? coverFile(work.cover, issues) : null;
  const tracks = work.tracks.map((t, i) => track(t, i, issues));
  if (work.tracks.length === 0) fact(issues, 'fact.audio', 'tracks', 'no track');
  if (issues.length > 0 || !cover || !work.upc || !work.release_date || !work.genre || work.genre === 'other')
    return { ok: false, issues };
  const complete = tracks as TrackModel[];
  const pLine = work.p_line.trim();
  const cLine = work.c_line.trim();
  return {
    ok: true,
    release: {
      workId: work.id,
      upc: work.upc,
      releaseType: releaseTypeFor(
        work.kind,
        complete.map((t) => t.audio),
      ),
      title: work.title.trim(),
      version: work.version.trim(),
      displayArtists: credits(work.primary_artists, work.featured_artists),
      label: work.label.trim(),
      pLine: pLine ? { year: lineYear(pLine), text: pLine } : null,
      cLine: cLine ? { year: lineYear(cLine), text: cLine } : null,
      genre: GENRE_TEXT[work.genre],
      explicit: work.explicit || complete.some((t) => t.explicit),
      metadataLanguage: metadataLanguage(work),
      originalReleaseDate: work.original_release_date,
      availability: {
        territories: work.territories === 'worldwide' ? 'Worldwide' : [...work.territories],
        startDate: work.release_date,
        startDateTime: null,
      },
      cover,
      tracks: complete,
    },
  };
}
