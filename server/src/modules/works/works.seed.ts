/**
 * The demo musician's works (SEED_DEMO), so their entry page and work list show every state a musician meets:
 * 《夏夜晚风》 online (991) with its ISRC and UPC, 《山海之间》 in first review (200), the album 《城市漫游》 rejected
 * (400, reason 'cover' with the editor's words), 《雨后初晴》 waiting for its distribution scope (10) and
 * 《写给远方的信》, a draft with a title only (00).
 *
 * Everything goes through the real calls' service functions — create, step 1, step 2, signing (pre-review and the
 * authorization letter's PDF), and the editors' review by the seeded admin — so statuses, history, messages, codes
 * and letters are the ones a musician and an editor would have made. The audio and covers are real files made here
 * (demo-media.ts), stored like uploads (storage's intakeServerFile: analyzers' meta, SHA-256, quota).
 *
 * Once per database: a settings flag is claimed before the first work is made (the service calls run transactions
 * of their own, so it cannot share one with them); two instances starting together seed once. A seed that fails
 * halfway is not retried: the works it made stay.
 */
import { randomBytes } from 'node:crypto';
import type { GrantKind } from '@trackline/contract/storage-types';
import { AGREEMENT_VERSION, type RejectReason } from '@trackline/contract/work-model';
import { workInfoBody, workScopeBody, workSignBody } from '@trackline/contract/works';
import { setSettingOnce } from '../../platform/db/settings';
import type { Deps } from '../../platform/deps';
import { findUserByMobile } from '../account/account.repository';
import { runDeliveries } from '../distribution/delivery-run';
import { findStaffByUsername, listStaff } from '../staff/staff.repository';
import { intakeServerFile } from '../storage/media-intake';
import { addDays, shanghaiToday } from './calendar';
import { type CoverArt, chordWav, coverPng, signaturePng } from './demo-media';
import { approveWork, markWorkOnline, rejectWork } from './review.service';
import { signWork } from './sign-work';
import { createWorkUnmetered, type Musician, saveInfo, saveScope } from './works.service';

const FLAG = 'demo_works_seeded';
/** Recorded as the signer's address in the letters: the server itself signed for the demo. */
const SEED_IP = '127.0.0.1';
const ARTIST = '演示音乐人';
const SECONDS = 31;

interface DemoTrack {
  title: string;
  /** MIDI notes of the chords its audio plays in turn. */
  chords: number[][];
  secondsPerChord: number;
  lyrics: string;
  instrumental?: boolean;
}

interface DemoRelease {
  kind: 'single' | 'album';
  title: string;
  genre: 'pop' | 'folk' | 'electronic';
  cover: Omit<CoverArt, 'size'>;
  tracks: DemoTrack[];
  platforms: string[];
  territories: 'worldwide' | string[];
}

const CN_PLATFORMS = ['qq_music', 'kugou', 'kuwo', 'netease', 'migu'];
const ALL_PLATFORMS = [...CN_PLATFORMS, 'apple_music', 'spotify', 'youtube_music'];

const SUMMER_NIGHT: DemoRelease = {
  kind: 'single',
  title: '夏夜晚风',
  genre: 'pop',
  cover: { from: [24, 28, 86], to: [236, 142, 98], disc: { x: 0.7, y: 0.28, r: 0.11, colour: [255, 238, 196] } },
  tracks: [
    {
      title: '夏夜晚风',
      chords: [
        [60, 64, 67],
        [55, 59, 62],
        [57, 60, 64],
        [53, 57, 60],
      ],
      secondsPerChord: 3.9,
      lyrics: [
        '晚风吹过街角的路灯',
        '蝉声把夏天唱得很深',
        '你说星星会记得我们',
        '记得每一个微凉的清晨',
        '',
        '夏夜晚风 轻轻地吹',
        '吹散了白天所有的疲惫',
        '就让这首歌陪你入睡',
        '梦里有海 也有玫瑰',
      ].join('\n'),
    },
  ],
  platforms: ALL_PLATFORMS,
  territories: 'worldwide',
};

const MOUNTAINS: DemoRelease = {
  kind: 'single',
  title: '山海之间',
  genre: 'folk',
  cover: { from: [18, 92, 104], to: [226, 206, 160], disc: { x: 0.3, y: 0.32, r: 0.13, colour: [250, 214, 120] } },
  tracks: [
    {
      title: '山海之间',
      chords: [
        [62, 66, 69],
        [59, 62, 66],
        [55, 59, 62],
        [57, 61, 64],
      ],
      secondsPerChord: 4.2,
      lyrics: [
        '翻过一座又一座山',
        '才看见海的蓝',
        '背包里装着旧照片',
        '和没说出口的再见',
        '',
        '山海之间 风很慢',
        '走多远都不算太远',
      ].join('\n'),
    },
  ],
  platforms: CN_PLATFORMS,
  territories: ['CN', 'HK', 'MO', 'TW'],
};

const CITY_WALK: DemoRelease = {
  kind: 'album',
  title: '城市漫游',
  genre: 'electronic',
  cover: { from: [58, 20, 96], to: [20, 170, 190], disc: { x: 0.5, y: 0.62, r: 0.18, colour: [255, 120, 170] } },
  tracks: [
    {
      title: '清晨站台',
      chords: [
        [64, 67, 71],
        [60, 64, 67],
        [55, 59, 62],
        [62, 66, 69],
      ],
      secondsPerChord: 3.6,
      lyrics: ['第一班地铁进站', '城市还没睡醒', '耳机里放着昨天的歌', '我在人群里等一个晴天'].join('\n'),
    },
    {
      title: '午后咖啡馆',
      chords: [
        [57, 60, 64],
        [53, 57, 60],
        [60, 64, 67],
        [55, 59, 62],
      ],
      secondsPerChord: 4.5,
      lyrics: ['窗边的位置 有阳光', '拿铁上的拉花 慢慢融化', '翻开一本没读完的书', '时间在这里 走得很慢'].join('\n'),
    },
    {
      title: '霓虹归途',
      chords: [
        [53, 57, 60],
        [50, 53, 57],
        [58, 62, 65],
        [60, 64, 67],
      ],
      secondsPerChord: 3.3,
      lyrics: '',
      instrumental: true,
    },
  ],
  platforms: ALL_PLATFORMS,
  territories: 'worldwide',
};

const AFTER_RAIN: DemoRelease = {
  kind: 'single',
  title: '雨后初晴',
  genre: 'pop',
  cover: { from: [120, 170, 210], to: [250, 246, 220], disc: { x: 0.74, y: 0.24, r: 0.1, colour: [255, 250, 236] } },
  tracks: [
    {
      title: '雨后初晴',
      chords: [
        [57, 61, 64],
        [52, 56, 59],
        [54, 57, 61],
        [50, 54, 57],
      ],
      secondsPerChord: 4,
      lyrics: ['雨停了 屋檐还在滴答', '空气里有青草的味道', '把伞收进角落', '抬头就看见了彩虹'].join('\n'),
    },
  ],
  platforms: CN_PLATFORMS,
  territories: 'worldwide',
};

/** The demo musician as the works service knows a caller, or undefined when there is none. */
async function demoMusician(deps: Deps, mobile: string): Promise<Musician | undefined> {
  const user = await findUserByMobile(deps.database.db, mobile);
  return user && { id: user.id, agentId: user.agent_id, nickname: user.nickname, mobile: user.mobile };
}

/** The editor of the demo reviews: the first admin the seed made, or any other active admin. */
async function demoEditor(deps: Deps): Promise<number | undefined> {
  const db = deps.database.db;
  const admin = await findStaffByUsername(db, 'admin');
  if (admin && !admin.disabled) return admin.id;
  return (await listStaff(db)).find((s) => !s.disabled && s.roles.includes('admin'))?.id;
}

async function storeFile(deps: Deps, userId: number, kind: GrantKind, body: Buffer, name: string): Promise<string> {
  return (await intakeServerFile(deps, { userId, kind, body, name })).key;
}

/** A release through step 1 (complete, so it moves on to 10) with its own cover and one recording per track. */
async function fillRelease(deps: Deps, user: Musician, release: DemoRelease): Promise<number> {
  const { id } = await createWorkUnmetered(deps, user, release.kind);
  const cover = await storeFile(deps, user.id, 'cover', coverPng({ size: 3000, ...release.cover }), 'cover.png');
  const tracks = [];
  for (const t of release.tracks) {
    const wav = chordWav({ chords: t.chords, secondsPerChord: t.secondsPerChord, seconds: SECONDS });
    tracks.push({
      title: t.title,
      primary_artists: [ARTIST],
      lyricist: t.instrumental ? [] : [ARTIST],
      composer: [ARTIST],
      arranger: ['林一舟'],
      producer: [ARTIST],
      language: t.instrumental ? 'instrumental' : 'zh-cmn',
      lyrics: t.lyrics,
      audio_key: await storeFile(deps, user.id, 'audio', wav, `${t.title}.wav`),
    });
  }
  const year = shanghaiToday().slice(0, 4);
  await saveInfo(
    deps,
    user.id,
    workInfoBody.parse({
      id,
      title: release.title,
      primary_artists: [ARTIST],
      genre: release.genre,
      language: 'zh-cmn',
      label: '乐轨音乐',
      p_line: `℗ ${year} ${ARTIST}`,
      c_line: `© ${year} ${ARTIST}`,
      property: 1,
      wc_statement: 1,
      source: 1,
      cover_key: cover,
      tracks,
    }),
  );
  return id;
}

/** Step 2: platforms, territories and a release date a few days past the earliest allowed. */
async function chooseScope(deps: Deps, user: Musician, id: number, release: DemoRelease): Promise<void> {
  const releaseDate = addDays(shanghaiToday(), deps.config.releaseLeadDays + 7);
  await saveScope(
    deps,
    user.id,
    workScopeBody.parse({
      id,
      platforms: release.platforms,
      territories: release.territories,
      release_date: releaseDate,
    }),
  );
}

/** Step 3: pre-review, the letter (signed by drawing, or unsigned as wcStatement 1 allows) and submission. */
async function submit(deps: Deps, user: Musician, id: number, drawn: boolean): Promise<void> {
  const signature = drawn ? `data:image/png;base64,${signaturePng().toString('base64')}` : null;
  // The letter falls back to a plain font, with a warning, only when no CJK font is found: not worth failing over.
  const ignoreWarning = () => undefined;
  await signWork(
    deps,
    user,
    workSignBody.parse({ id, agree: true, agreement_version: AGREEMENT_VERSION, signature_png: signature }),
    SEED_IP,
    ignoreWarning,
  );
}

export interface DemoWorkIds {
  online: number;
  underReview: number;
  rejected: number;
  scope: number;
  draft: number;
}

/**
 * Seeds the demo musician's works once per database. Answers their ids, or null when they were seeded before (or
 * there is no demo musician or admin to make them with).
 */
export async function seedDemoWorks(deps: Deps, mobile: string): Promise<DemoWorkIds | null> {
  const db = deps.database.db;
  const user = await demoMusician(deps, mobile);
  const editor = await demoEditor(deps);
  if (!user || editor === undefined) return null;
  const mine = `${new Date().toISOString()} ${randomBytes(6).toString('hex')}`;
  if ((await setSettingOnce(db, FLAG, mine)) !== mine) return null;

  // Oldest first, so the newest (the draft) leads the lists as it would have for a real musician.
  const online = await fillRelease(deps, user, SUMMER_NIGHT);
  await chooseScope(deps, user, online, SUMMER_NIGHT);
  await submit(deps, user, online, true);
  await approveWork(deps, editor, { id: online, remark: '音频与封面均符合要求' });
  await approveWork(deps, editor, { id: online, remark: '信息完整，准予发行' });
  // Delivered to its stores the real way (built, checked, written to each store's folder), then confirmed by the
  // editor for the stores that confirm nothing themselves.
  await runDeliveries(deps, online);
  // Step 2 only takes dates ahead, so the demo's online work is marked before its date, as an editor confirms it.
  await markWorkOnline(deps, editor, { id: online, remark: '已在各平台上线', before_release: true });

  const rejected = await fillRelease(deps, user, CITY_WALK);
  await chooseScope(deps, user, rejected, CITY_WALK);
  await submit(deps, user, rejected, false);
  const reason: RejectReason = 'cover';
  await rejectWork(deps, editor, {
    id: rejected,
    reason,
    remark: '封面中含有二维码和联系方式，不符合平台封面规范，请更换封面后重新提交。',
  });

  const underReview = await fillRelease(deps, user, MOUNTAINS);
  await chooseScope(deps, user, underReview, MOUNTAINS);
  await submit(deps, user, underReview, false);

  const scope = await fillRelease(deps, user, AFTER_RAIN);

  const { id: draft } = await createWorkUnmetered(deps, user, 'single');
  await saveInfo(deps, user.id, workInfoBody.parse({ id: draft, title: '写给远方的信', tracks: [{}] }));

  return { online, underReview, rejected, scope, draft };
}
