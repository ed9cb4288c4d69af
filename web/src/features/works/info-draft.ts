/**
 * Step 1's editable copy of a work (release fields, rights, cover, tracks with their files) and the conversions
 * from the server's WorkDetail and to the save_info body. Tracks carry a local uid: a new track has no id until
 * its first save answers with one.
 */

import { normalizeIsrc, normalizeUpc } from '@trackline/contract/identifiers';
import type {
  Genre,
  MaterialItem,
  Property,
  ReleaseKind,
  Source,
  TrackItem,
  WcStatement,
  WorkDetail,
  WorkLanguage,
} from '@trackline/contract/work-model';
import type { WorkInfoBody } from '@trackline/contract/works';
import type { RuleIssue } from '@trackline/contract/works-types';

/** A file attached to the work: what the page shows for it. */
export interface FileRef {
  key: string;
  url: string;
  name: string;
  size?: number;
  meta?: Record<string, unknown> | null;
}

export interface TrackDraft {
  uid: string;
  id?: number;
  title: string;
  version: string;
  primary_artists: string[];
  featured_artists: string[];
  lyricist: string[];
  composer: string[];
  arranger: string[];
  producer: string[];
  isrc: string;
  explicit: boolean;
  language: WorkLanguage | null;
  lyrics: string;
  audio: FileRef | null;
  lyricFile: FileRef | null;
}

export interface InfoDraft {
  kind: ReleaseKind;
  title: string;
  version: string;
  primary_artists: string[];
  featured_artists: string[];
  genre: Genre | null;
  language: WorkLanguage | null;
  explicit: boolean;
  original_release_date: string | null;
  label: string;
  p_line: string;
  c_line: string;
  upc: string;
  property: Property | null;
  wc_statement: WcStatement | null;
  source: Source | null;
  cover: FileRef | null;
  tracks: TrackDraft[];
}

let uidSeq = 0;
export function newUid(): string {
  uidSeq += 1;
  return `t${Date.now().toString(36)}${uidSeq}`;
}

function fileOf(material: MaterialItem | null | undefined): FileRef | null {
  if (!material) return null;
  return { key: material.key, url: material.url, name: material.name, size: material.size, meta: material.meta };
}

export function emptyTrack(): TrackDraft {
  return {
    uid: newUid(),
    title: '',
    version: '',
    primary_artists: [],
    featured_artists: [],
    lyricist: [],
    composer: [],
    arranger: [],
    producer: [],
    isrc: '',
    explicit: false,
    language: null,
    lyrics: '',
    audio: null,
    lyricFile: null,
  };
}

export function trackFromItem(track: TrackItem): TrackDraft {
  return {
    uid: `id${track.id}`,
    id: track.id,
    title: track.title,
    version: track.version,
    primary_artists: [...track.primary_artists],
    featured_artists: [...track.featured_artists],
    lyricist: [...track.lyricist],
    composer: [...track.composer],
    arranger: [...track.arranger],
    producer: [...track.producer],
    isrc: track.isrc ?? '',
    explicit: track.explicit,
    language: track.language,
    lyrics: track.lyrics,
    audio: fileOf(track.materials.find((m) => m.kind === 'music')),
    lyricFile: fileOf(track.materials.find((m) => m.kind === 'lyric')),
  };
}

/** A work not saved yet (issue 9: the draft is created by its first save): empty fields and one empty track. */
export function blankDraft(kind: ReleaseKind): InfoDraft {
  return {
    kind,
    title: '',
    version: '',
    primary_artists: [],
    featured_artists: [],
    genre: null,
    language: null,
    explicit: false,
    original_release_date: null,
    label: '',
    p_line: '',
    c_line: '',
    upc: '',
    property: null,
    wc_statement: null,
    source: null,
    cover: null,
    tracks: [emptyTrack()],
  };
}

export function draftFromDetail(work: WorkDetail): InfoDraft {
  const tracks = [...work.tracks].sort((a, b) => a.position - b.position).map(trackFromItem);
  return {
    kind: work.kind,
    title: work.title,
    version: work.version,
    primary_artists: [...work.primary_artists],
    featured_artists: [...work.featured_artists],
    genre: work.genre,
    language: work.language,
    explicit: work.explicit,
    original_release_date: work.original_release_date,
    label: work.label,
    p_line: work.p_line,
    c_line: work.c_line,
    upc: work.upc ?? '',
    property: work.property,
    wc_statement: work.wc_statement,
    source: work.source,
    cover: fileOf(work.cover),
    tracks: tracks.length > 0 ? tracks : [emptyTrack()],
  };
}

/**
 * What the server holds for the files of the work, by track uid: a file key is sent only when it differs from
 * what was last saved (absent keeps, null removes), so a save never re-attaches an unchanged file.
 */
export interface SavedFiles {
  cover: string | null;
  audio: Map<string, string | null>;
  lyric: Map<string, string | null>;
  /** Track ids learnt from save answers, by uid (read before the page's copy has re-rendered with them). */
  ids: Map<string, number>;
}

export function savedFilesOf(draft: InfoDraft): SavedFiles {
  const saved: SavedFiles = { cover: draft.cover?.key ?? null, audio: new Map(), lyric: new Map(), ids: new Map() };
  for (const track of draft.tracks) {
    saved.audio.set(track.uid, track.audio?.key ?? null);
    saved.lyric.set(track.uid, track.lyricFile?.key ?? null);
    if (track.id) saved.ids.set(track.uid, track.id);
  }
  return saved;
}

/**
 * The save_info body. A single's one track takes the release's title, version and artists: a single is one
 * recording released under its own name, so the musician types them once.
 */
/** The body of save_info; without an id (a work's first save) it carries the kind and the server creates the draft. */
export function bodyFromDraft(id: number | null, draft: InfoDraft, saved: SavedFiles): WorkInfoBody {
  const single = draft.kind === 'single';
  const tracks = draft.tracks.map((track) => {
    const trackId = track.id ?? saved.ids.get(track.uid);
    const audioKey = track.audio?.key ?? null;
    const lyricKey = track.lyricFile?.key ?? null;
    return {
      ...(trackId ? { id: trackId } : {}),
      title: single ? draft.title : track.title,
      version: single ? draft.version : track.version,
      primary_artists: single ? draft.primary_artists : track.primary_artists,
      featured_artists: single ? draft.featured_artists : track.featured_artists,
      lyricist: track.lyricist,
      composer: track.composer,
      arranger: track.arranger,
      producer: track.producer,
      isrc: track.isrc.trim() ? normalizeIsrc(track.isrc) : null,
      explicit: single ? draft.explicit : track.explicit,
      language: single ? draft.language : track.language,
      lyrics: track.lyrics,
      ...((saved.audio.get(track.uid) ?? null) !== audioKey || !trackId ? { audio_key: audioKey } : {}),
      ...((saved.lyric.get(track.uid) ?? null) !== lyricKey || !trackId ? { lyric_key: lyricKey } : {}),
    };
  });
  const coverKey = draft.cover?.key ?? null;
  return {
    ...(id === null ? { kind: draft.kind } : { id }),
    title: draft.title,
    version: draft.version,
    primary_artists: draft.primary_artists,
    featured_artists: draft.featured_artists,
    genre: draft.genre,
    language: draft.language,
    explicit: draft.explicit,
    original_release_date: draft.original_release_date,
    label: draft.label,
    p_line: draft.p_line,
    c_line: draft.c_line,
    upc: draft.upc.trim() ? normalizeUpc(draft.upc) : null,
    property: draft.property,
    wc_statement: draft.wc_statement,
    source: draft.source,
    ...(saved.cover !== coverKey ? { cover_key: coverKey } : {}),
    tracks,
  };
}

/** After a save: the keys the server now holds and the ids of the tracks sent, matched by position. */
export function rememberSaved(saved: SavedFiles, sent: InfoDraft, answer: WorkDetail): void {
  saved.cover = sent.cover?.key ?? null;
  const ordered = [...answer.tracks].sort((a, b) => a.position - b.position);
  sent.tracks.forEach((track, index) => {
    saved.audio.set(track.uid, track.audio?.key ?? null);
    saved.lyric.set(track.uid, track.lyricFile?.key ?? null);
    const id = ordered[index]?.id;
    if (id) saved.ids.set(track.uid, id);
  });
}

/**
 * The rules the draft's current files break, as the saved work's materials say (known from each file's analysis as
 * soon as it is saved, issue 9), so the track editor shows them under the file without waiting for pre-review.
 * Only files the draft still holds: one just replaced is not judged by its predecessor's issues.
 */
export function fileIssuesOf(saved: WorkDetail | null, draft: InfoDraft): RuleIssue[] {
  if (!saved) return [];
  const keys = new Set(draft.tracks.flatMap((t) => (t.audio ? [t.audio.key] : [])));
  return saved.tracks.flatMap((t) => t.materials.filter((m) => keys.has(m.key)).flatMap((m) => m.issues ?? []));
}

/** Issues from several sources, each (field, rule) once. */
export function mergeIssues(...lists: RuleIssue[][]): RuleIssue[] {
  const seen = new Set<string>();
  return lists.flat().filter((i) => {
    const id = `${i.field}|${i.rule}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
