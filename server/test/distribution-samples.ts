/**
 * Release models and message options for the delivery tests and bench/delivery: a seven-track album with every
 * artist role stores ask to see (main, featured, producer, remixer, composer, lyricist), and Spotify's five
 * onboarding test cases made from it. Hashes and sizes are of made-up files: these models never reach storage.
 */
import { createHash } from 'node:crypto';
import { RULE_PACKS } from '../src/modules/distribution/gates/store-rules';
import type { MessageRequest } from '../src/modules/distribution/message-pipeline';
import type { MessageOptions, ReleaseModel, TrackModel } from '../src/modules/distribution/release-model';

export const SENDER = { dpid: 'PADPIDA2026112301T', name: 'Trackline Music' };
export const SPOTIFY = { dpid: 'PADPIDA2011072101T', name: 'Spotify' };

const hash = (s: string) => createHash('sha256').update(s).digest('hex');

const TITLES = ['清晨站台', '午后咖啡馆', '霓虹归途', '海边的风', '夜航', '旧相册', '回声'];

function sampleTrack(upc: string, position: number, isrcBase: number): TrackModel {
  const isrc = `CNA12${26}${String(isrcBase + position).padStart(5, '0')}`;
  const featured = position === 2 ? [{ name: '林一舟', role: 'FeaturedArtist' as const }] : [];
  return {
    position,
    isrc,
    title: TITLES[(position - 1) % TITLES.length]!,
    version: position === 7 ? 'Remix' : '',
    displayArtists: [{ name: '演示音乐人', role: 'MainArtist' }, ...featured],
    contributors: [
      { name: '演示音乐人', role: 'Composer' },
      { name: '演示音乐人', role: 'Lyricist' },
      { name: '林一舟', role: 'Arranger' },
      { name: '周末工作室', role: 'StudioProducer' },
      ...(position === 7 ? [{ name: 'DJ Kite', role: 'Remixer' as const }] : []),
    ],
    explicit: false,
    language: 'cmn',
    instrumental: false,
    audio: {
      key: `users/1/audio/2026-11/${upc}-${position}.wav`,
      ext: 'wav',
      sizeBytes: 52_920_044 + position,
      sha256: hash(`${upc}-${position}`),
      codec: 'PCM',
      container: 'WAV',
      sampleRateHz: 44_100,
      bitsPerSample: 16,
      channels: 2,
      durationSec: 300 + position,
    },
    withheldUseTypes: [],
  };
}

/** An album of `tracks` tracks (default 7, over 30 minutes: an Album by store rules), UPC `upc`. */
export function sampleRelease(upc = '088888800011', tracks = 7, isrcBase = 0): ReleaseModel {
  return {
    workId: 1,
    upc,
    releaseType: 'Album',
    title: '城市漫游',
    version: '',
    displayArtists: [{ name: '演示音乐人', role: 'MainArtist' }],
    label: '乐轨音乐',
    pLine: { year: 2026, text: '℗ 2026 演示音乐人' },
    cLine: { year: 2026, text: '© 2026 演示音乐人' },
    genre: 'Electronic',
    explicit: false,
    metadataLanguage: 'zh-Hans',
    originalReleaseDate: null,
    availability: { territories: ['CN', 'HK'], startDate: '2026-12-15', startDateTime: null },
    cover: {
      key: `users/1/cover/2026-11/${upc}.png`,
      ext: 'png',
      sizeBytes: 1_234_567,
      sha256: hash(`${upc}-cover`),
      codec: 'PNG',
      width: 3000,
      height: 3000,
    },
    tracks: Array.from({ length: tracks }, (_, i) => sampleTrack(upc, i + 1, isrcBase)),
  };
}

export const STREAM_AND_DOWNLOAD = [
  {
    commercialModels: ['SubscriptionModel', 'AdvertisementSupportedModel'],
    useTypes: ['OnDemandStream', 'NonInteractiveStream'],
  },
  { commercialModels: ['PayAsYouGoModel'], useTypes: ['PermanentDownload'] },
] satisfies MessageOptions['deals'];

export function sampleOptions(seq: number, overrides: Partial<MessageOptions> = {}): MessageOptions {
  return {
    action: 'insert',
    messageId: `TL-1-spotify-${seq}`,
    threadId: 'TL-1-spotify',
    createdAt: new Date(Date.UTC(2026, 10, 23, 8, seq, 0)),
    test: true,
    sender: SENDER,
    recipient: SPOTIFY,
    deals: STREAM_AND_DOWNLOAD,
    filesNotProvided: new Set(),
    ...overrides,
  };
}

const allFiles = (r: ReleaseModel) => new Set([...r.tracks.map((t) => t.audio.key), r.cover.key]);

/**
 * Spotify's onboarding suite (providersupport "spotify-onboarding-guideline"): 1 insert as album; 2 add a territory
 * and change to EP; 3 a timed global release, changed to single; 4 track 1's streaming rights removed; 5 a full
 * takedown. Updates restate everything, with the files the store already has not provided.
 */
export function onboardingCases(): Array<{ name: string; request: MessageRequest }> {
  const rules = RULE_PACKS.spotify!;
  const album = sampleRelease();
  const ep: ReleaseModel = {
    ...album,
    releaseType: 'EP',
    availability: { ...album.availability, territories: ['CN', 'HK', 'TW'] },
  };
  const single: ReleaseModel = {
    ...ep,
    releaseType: 'Single',
    availability: { territories: 'Worldwide', startDate: '2026-12-18', startDateTime: '2026-12-18T00:00:00Z' },
  };
  const withheld: ReleaseModel = {
    ...single,
    tracks: single.tracks.map((t) =>
      t.position === 1 ? { ...t, withheldUseTypes: ['OnDemandStream', 'NonInteractiveStream'] } : t,
    ),
  };
  const update = (seq: number) => sampleOptions(seq, { action: 'update', filesNotProvided: allFiles(album) });
  return [
    { name: '1-insert-album', request: { release: album, options: sampleOptions(1), rules } },
    { name: '2-territory-ep', request: { release: ep, options: update(2), rules } },
    { name: '3-timed-single', request: { release: single, options: update(3), rules } },
    { name: '4-track-stream-removed', request: { release: withheld, options: update(4), rules } },
    {
      name: '5-takedown',
      request: { release: withheld, options: { ...update(5), action: 'takedown', deals: [] }, rules },
    },
  ];
}

/**
 * Gives every file of the release real bytes in `dir` (random, `bytes` each): sizes and hashes in the model are the
 * files' own. Answers the release and where each file's bytes are, by storage key.
 */
export async function withRealFiles(
  release: ReleaseModel,
  dir: string,
  bytes = 256 * 1024,
): Promise<{ release: ReleaseModel; paths: Map<string, string> }> {
  const { randomBytes } = await import('node:crypto');
  const { writeFile } = await import('node:fs/promises');
  const paths = new Map<string, string>();
  const real = async <F extends { key: string; sizeBytes: number; sha256: string; ext: string }>(f: F): Promise<F> => {
    const body = randomBytes(bytes);
    const file = `${dir}/${hash(f.key).slice(0, 16)}.${f.ext}`;
    await writeFile(file, body);
    paths.set(f.key, file);
    return { ...f, sizeBytes: body.length, sha256: createHash('sha256').update(body).digest('hex') };
  };
  const tracks: TrackModel[] = [];
  for (const t of release.tracks) tracks.push({ ...t, audio: await real(t.audio) });
  return { release: { ...release, tracks, cover: await real(release.cover) }, paths };
}
