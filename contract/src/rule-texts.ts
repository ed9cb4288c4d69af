/**
 * The zh-CN and en texts of every rule a RuleIssue can name (works-types.ts): file analyzers (server media/*),
 * title and artist rules, identifiers. One place, so the musician, the editor and the server say the same thing.
 * Each text names the rule and, where it has one, the value found. Add new rules here (additively).
 */
import type { RuleIssue } from './works-types';

export type RuleLang = 'zh-CN' | 'en';
export type RuleParams = Record<string, string | number>;
type Text = (p: RuleParams) => string;

/** 44100 → "44.1", 22050 → "22.05", 48000 → "48". */
function khz(hz: string | number | undefined): string {
  const n = Number(hz);
  return Number.isFinite(n) ? String(Math.round(n / 10) / 100) : '?';
}

/** Seconds with at most one decimal. */
function secs(s: string | number | undefined): string {
  const n = Number(s);
  return Number.isFinite(n) ? String(Math.round(n * 10) / 10) : '?';
}

function v(p: RuleParams, key: string): string {
  const value = p[key];
  return value === undefined || value === '' ? '?' : String(value);
}

const channelsZh = (p: RuleParams) => (Number(p.channels) === 1 ? '单声道' : `${v(p, 'channels')} 声道`);
const channelsEn = (p: RuleParams) => (Number(p.channels) === 1 ? 'mono' : `${v(p, 'channels')} channels`);

const colourZh: Record<string, string> = {
  grayscale: '灰度',
  grayscale_alpha: '带透明通道的灰度',
  palette: '索引色（调色板）',
  cmyk: 'CMYK',
};
const colourEn: Record<string, string> = {
  grayscale: 'greyscale',
  grayscale_alpha: 'greyscale with alpha',
  palette: 'indexed colour (palette)',
  cmyk: 'CMYK',
};

export const RULE_TEXTS = {
  // ---- audio (server media/audio.ts) ----
  'audio.format': {
    zh: () => '音频须为 WAV 或 FLAC 文件，无法识别该文件的音频格式',
    en: () => 'Audio must be a WAV or FLAC file; this file is not a recognizable audio format',
  },
  'audio.truncated': {
    zh: () => '音频文件不完整（文件在文件头声明的长度之前就结束了），请重新导出后上传',
    en: () => 'The audio file is incomplete (it ends before the length its header declares); export it again',
  },
  'audio.corrupt': {
    zh: (p) => `音频文件头损坏或缺少必要信息（${v(p, 'detail')}），请重新导出后上传`,
    en: (p) => `The audio file header is damaged or missing required information (${v(p, 'detail')}); export it again`,
  },
  'audio.codec': {
    zh: (p) => `WAV 音频须为未压缩的 PCM 编码，当前编码为 0x${v(p, 'codec')}`,
    en: (p) => `WAV audio must be uncompressed PCM; this file uses codec 0x${v(p, 'codec')}`,
  },
  'audio.duration_unknown': {
    zh: () => 'FLAC 文件头未记录总采样数，无法确定时长，请重新导出后上传',
    en: () => 'The FLAC header does not record the total number of samples, so its length is unknown; export it again',
  },
  'audio.lossy': {
    zh: () => '主音频须为无损的 WAV 或 FLAC，MP3 为有损格式',
    en: () => 'Main audio must be lossless WAV or FLAC; MP3 is a lossy format',
  },
  'audio.bit_depth': {
    zh: (p) => `音频位深须为 16 或 24 bit，当前为 ${v(p, 'bitDepth')} bit`,
    en: (p) => `Audio bit depth must be 16 or 24 bit; this file is ${v(p, 'bitDepth')} bit`,
  },
  'audio.sample_rate': {
    zh: (p) => `音频采样率须为 44.1–96 kHz，当前为 ${khz(p.sampleRate)} kHz`,
    en: (p) => `Audio sample rate must be 44.1–96 kHz; this file is ${khz(p.sampleRate)} kHz`,
  },
  'audio.channels': {
    zh: (p) => `音频须为立体声（双声道），当前为${channelsZh(p)}`,
    en: (p) => `Audio must be stereo (2 channels); this file is ${channelsEn(p)}`,
  },
  'audio.too_short': {
    zh: (p) => `音频时长须至少 ${v(p, 'min')} 秒，当前为 ${secs(p.durationSec)} 秒`,
    en: (p) => `Audio must be at least ${v(p, 'min')} seconds long; this file is ${secs(p.durationSec)} seconds`,
  },

  // ---- cover (server media/image.ts) ----
  'cover.format': {
    zh: () => '封面须为 JPG 或 PNG 图片',
    en: () => 'The cover must be a JPG or PNG image',
  },
  'cover.corrupt': {
    zh: () => '封面图片文件头损坏，无法读取尺寸，请重新导出后上传',
    en: () => 'The cover image header is damaged and its size cannot be read; export it again',
  },
  'cover.too_large': {
    zh: (p) =>
      `封面尺寸不得超过 ${v(p, 'maxSide')}×${v(p, 'maxSide')} 像素（${v(p, 'maxMegapixels')} 百万像素），当前声明为 ${v(p, 'width')}×${v(p, 'height')}`,
    en: (p) =>
      `The cover may be at most ${v(p, 'maxSide')}×${v(p, 'maxSide')} pixels (${v(p, 'maxMegapixels')} megapixels); this file declares ${v(p, 'width')}×${v(p, 'height')}`,
  },
  'cover.not_square': {
    zh: (p) => `封面须为正方形（宽高相等），当前为 ${v(p, 'width')}×${v(p, 'height')}`,
    en: (p) => `The cover must be square (equal width and height); this image is ${v(p, 'width')}×${v(p, 'height')}`,
  },
  'cover.too_small': {
    zh: (p) => `封面须至少 ${v(p, 'min')}×${v(p, 'min')} 像素，当前为 ${v(p, 'width')}×${v(p, 'height')}`,
    en: (p) =>
      `The cover must be at least ${v(p, 'min')}×${v(p, 'min')} pixels; this image is ${v(p, 'width')}×${v(p, 'height')}`,
  },
  'cover.colour_space': {
    zh: (p) => `封面须为 RGB 彩色图片，当前为${colourZh[String(p.colorSpace)] ?? v(p, 'colorSpace')}`,
    en: (p) =>
      `The cover must be an RGB colour image; this one is ${colourEn[String(p.colorSpace)] ?? v(p, 'colorSpace')}`,
  },
  'cover.alpha': {
    zh: () => '封面 PNG 带有透明通道，平台会以不透明方式显示，透明区域可能变色，建议导出为不带透明的 RGB',
    en: () =>
      'The cover PNG has an alpha channel; stores show it opaque and transparent areas may change colour. Export it as RGB without alpha',
  },

  // ---- the cover maker's export checks (server modules/covers/checks.ts) ----
  'cover.text_not_metadata': {
    zh: (p) => `封面文字须与作品信息一致：${v(p, 'field')}应为“${v(p, 'expected')}”，设计中为“${v(p, 'found')}”`,
    en: (p) =>
      `Text on the cover must match the release metadata: the ${v(p, 'field')} is “${v(p, 'expected')}”, the design says “${v(p, 'found')}”`,
  },
  'cover.text_banned': {
    zh: (p) => `封面不得含有网址、账号、价格、平台名称或“独家/限量”等字样（发现“${v(p, 'found')}”）`,
    en: (p) =>
      `The cover may not show URLs, social handles, prices, store names or words such as “Exclusive” or “Limited” (found “${v(p, 'found')}”)`,
  },
  'cover.qr_code': {
    zh: () => '封面不得含有二维码',
    en: () => 'The cover may not contain a QR code',
  },
  'cover.blurry': {
    zh: (p) => `封面过于模糊（清晰度 ${v(p, 'score')}，至少需要 ${v(p, 'min')}），请换用更清晰的图片`,
    en: (p) =>
      `The cover is blurry (sharpness ${v(p, 'score')}, at least ${v(p, 'min')} needed); use a sharper picture`,
  },
  'cover.near_copy': {
    zh: () => '封面与另一发行作品的封面几乎相同，平台不接受多个发行使用同一封面',
    en: () =>
      'The cover is nearly the same as the cover of another release; stores refuse the same art on several releases',
  },
  'cover.upscaled': {
    zh: (p) => `图片被放大到原始分辨率的 ${v(p, 'factor')} 倍，可能显得模糊`,
    en: (p) => `The photo is enlarged ${v(p, 'factor')}× past its own resolution and may look soft`,
  },
  'cover.text_empty': {
    zh: (p) => `文字层“${v(p, 'field')}”没有内容，将不会显示`,
    en: (p) => `The text layer for the ${v(p, 'field')} has no text and will not show`,
  },
  'cover.no_text': {
    zh: () => '封面上没有作品名称，平台更容易识别带有作品名称的封面',
    en: () => 'The cover does not show the title; stores match covers that show it more easily',
  },

  // ---- lyrics (server media/lyrics.ts) ----
  'lyrics.encoding': {
    zh: () => '歌词文件须为 UTF-8 或 GBK 编码的文本（LRC 或 TXT），无法识别该文件的编码',
    en: () => 'The lyrics file must be UTF-8 or GBK text (LRC or TXT); its encoding cannot be recognized',
  },
  'lyrics.empty': {
    zh: () => '歌词内容为空',
    en: () => 'The lyrics are empty',
  },
  'lyrics.too_long': {
    zh: (p) => `歌词不得超过 ${v(p, 'max')} 个字符，当前为 ${v(p, 'length')} 个`,
    en: (p) => `Lyrics may have at most ${v(p, 'max')} characters; these have ${v(p, 'length')}`,
  },

  // ---- video (server media/video.ts) ----
  'video.format': {
    zh: () => 'MV 视频须为 MP4 或 MOV 文件，无法识别该文件的视频容器格式',
    en: () => 'The music video must be an MP4 or MOV file; this file is not a recognizable video container',
  },

  // ---- titles and artist names (title-rules.ts) ----
  'text.required': {
    zh: () => '此项为必填',
    en: () => 'This is required',
  },
  'text.too_long': {
    zh: (p) => `不得超过 ${v(p, 'max')} 个字符，当前为 ${v(p, 'length')} 个`,
    en: (p) => `At most ${v(p, 'max')} characters; this has ${v(p, 'length')}`,
  },
  'text.url': {
    zh: (p) => `不得包含网址（${v(p, 'match')}）`,
    en: (p) => `Must not contain a web address (${v(p, 'match')})`,
  },
  'text.email': {
    zh: (p) => `不得包含电子邮箱（${v(p, 'match')}）`,
    en: (p) => `Must not contain an e-mail address (${v(p, 'match')})`,
  },
  'text.handle': {
    zh: (p) => `不得包含社交账号（${v(p, 'match')}）`,
    en: (p) => `Must not contain a social media handle (${v(p, 'match')})`,
  },
  'text.store_name': {
    zh: (p) => `不得包含音乐平台或商店名称（${v(p, 'match')}）`,
    en: (p) => `Must not contain the name of a music store or platform (${v(p, 'match')})`,
  },
  'title.feat': {
    zh: (p) => `标题中不得写合作艺人（${v(p, 'match')}），请在“合作艺人”中填写`,
    en: (p) => `Titles must not name featured artists (${v(p, 'match')}); add them as featured artists instead`,
  },
  'title.explicit': {
    zh: (p) => `标题中不得写“${v(p, 'match')}”，请使用“含不良内容”选项标记`,
    en: (p) => `Titles must not contain "${v(p, 'match')}"; use the explicit content option instead`,
  },
  'title.all_caps': {
    zh: () => '标题不得全部使用大写英文字母（3 个字母以内的缩写和罗马数字除外）',
    en: () => 'Titles must not be written in ALL CAPS (acronyms of up to 3 letters and Roman numerals excepted)',
  },
  'artist.feat': {
    zh: (p) => `艺人名中不得写合作艺人（${v(p, 'match')}），请将每位艺人分别填写`,
    en: (p) => `An artist name must not include featured artists (${v(p, 'match')}); enter each artist separately`,
  },
  'artist.multiple': {
    zh: (p) => `艺人名中似乎包含多位艺人（“${v(p, 'match')}”分隔），请将每位艺人分别填写`,
    en: (p) => `The artist name seems to hold several artists (separated by "${v(p, 'match')}"); enter each separately`,
  },
  'artist.all_caps': {
    zh: () => '艺人名全部为大写英文字母，除非这就是艺人的正式写法，请改为常规大小写',
    en: () => 'The artist name is in ALL CAPS; use normal capitalization unless this is how the artist is known',
  },

  // ---- identifiers (identifiers.ts) ----
  'isrc.format': {
    zh: (p) => `ISRC 格式应为 CC-XXX-YY-NNNNN（12 位，国家代码 + 登记者代码 + 年份 + 序号），当前为 ${v(p, 'value')}`,
    en: (p) =>
      `An ISRC is CC-XXX-YY-NNNNN (12 characters: country, registrant, year, designation); this is ${v(p, 'value')}`,
  },
  'upc.format': {
    zh: (p) => `UPC/EAN 须为 12 位（UPC-A）或 13 位（EAN-13）数字，当前为 ${v(p, 'value')}`,
    en: (p) => `A UPC/EAN has 12 (UPC-A) or 13 (EAN-13) digits; this is ${v(p, 'value')}`,
  },
  'upc.check_digit': {
    zh: (p) => `UPC/EAN 校验位错误：${v(p, 'value')} 的最后一位应为 ${v(p, 'expected')}`,
    en: (p) => `Wrong UPC/EAN check digit: the last digit of ${v(p, 'value')} should be ${v(p, 'expected')}`,
  },

  // ---- pre-review of a whole work (server works/prereview.ts) ----
  'field.required': {
    zh: () => '此项为必填，提交前请填写',
    en: () => 'This is required before the work can be submitted',
  },
  'rights.original_credits': {
    zh: (p) => `原创作品须填写${p.role === 'lyricist' ? '作词' : '作曲'}`,
    en: (p) => `An original work needs its ${p.role === 'lyricist' ? 'lyricist' : 'composer'}`,
  },
  'rights.no_authorization': {
    zh: () => '作品来源为“无授权”：没有词曲权利人的授权，作品不能发行。请取得授权后修改作品来源',
    en: () =>
      'The source is "no authorization": without the rights holders\' permission the work cannot be released. Obtain it, then change the source',
  },
  'audio.duplicate_other': {
    zh: () => '该音频与其他账号已上传的作品音频完全相同，不能重复发行他人的作品',
    en: () => "This audio is identical to another account's track; someone else's recording cannot be released again",
  },
  'audio.duplicate_own': {
    zh: (p) => `该音频与您的另一作品（ID ${v(p, 'work_id')}）使用的音频相同，请确认不是重复发行`,
    en: (p) =>
      `This audio is also used by another of your works (ID ${v(p, 'work_id')}); make sure it is not a duplicate`,
  },
  'audio.duplicate_in_work': {
    zh: (p) => `该音频与本作品第 ${v(p, 'position')} 首曲目的音频相同`,
    en: (p) => `This audio is the same as the audio of track ${v(p, 'position')} of this work`,
  },
  'lyrics.missing': {
    zh: () => '非纯音乐的曲目建议填写歌词或上传歌词文件，平台会展示歌词',
    en: () => 'A track with vocals should have lyrics (typed or as a file); the stores show them',
  },
  'file.unreadable': {
    zh: () => '文件已无法读取，请重新上传',
    en: () => 'The file can no longer be read; upload it again',
  },
} satisfies Record<string, { zh: Text; en: Text }>;

export type RuleId = keyof typeof RULE_TEXTS;
export const RULE_IDS = Object.keys(RULE_TEXTS) as RuleId[];

export function isKnownRule(rule: string): rule is RuleId {
  return Object.hasOwn(RULE_TEXTS, rule);
}

/** The text of a rule in a language; an unknown rule still gets a text that names it. */
export function ruleText(rule: string, lang: RuleLang, params: RuleParams = {}): string {
  if (!isKnownRule(rule)) return lang === 'zh-CN' ? `未通过检查：${rule}` : `Check failed: ${rule}`;
  const entry = RULE_TEXTS[rule];
  return lang === 'zh-CN' ? entry.zh(params) : entry.en(params);
}

/** The text of an issue: its rule with its own values. */
export function issueText(issue: RuleIssue, lang: RuleLang): string {
  return ruleText(issue.rule, lang, issue.params);
}
