/**
 * Audio files judged by their bytes, from the head of the file only (the first MiB is plenty: every format here
 * states its parameters up front), plus the file's total size for what lies beyond the head.
 * - WAV: RIFF/WAVE, RF64 and BW64 (ds64 sizes); 'fmt ' (PCM, IEEE float, WAVE_FORMAT_EXTENSIBLE) and 'data' found
 *   among any other chunks (LIST, bext, JUNK…); duration = data size / block size / sample rate.
 * - FLAC: optional ID3v2, 'fLaC', the STREAMINFO block (rate, channels, bits, total samples).
 * - MP3: optional ID3v2, the first MPEG audio layer III frame header; duration from a Xing/Info/VBRI frame count or
 *   estimated from the bitrate. Always lossy.
 * analyzeAudio says what the file is (or why it cannot be read); audioIssues says which delivery rules it breaks.
 *
 * Still read here rather than with music-metadata (tried for issue 8, v12): it takes RF64 for MPEG, does not resolve
 * WAVE_FORMAT_EXTENSIBLE's sub-format (every 24-bit extensible PCM WAV would be refused as compressed), and judges
 * a WAV's duration by the bytes it was given rather than the file's declared size, so from the first MiB a 31 s WAV
 * reads as 6 s. Moving over needs those three first; the tests in audio.test.ts are the bar.
 */
import type { AudioInfo, RuleIssue, RuleRefusal } from '@trackline/contract/works-types';
import { refusal } from './refusal';

/** How much of the file the analyzers want to see. */
export const AUDIO_HEAD_BYTES = 1024 * 1024;

export const AUDIO_RULES = {
  bitDepths: [16, 24],
  minSampleRate: 44_100,
  maxSampleRate: 96_000,
  channels: 2,
  minDurationSec: 30,
} as const;

type Parsed = AudioInfo | RuleRefusal;

/** Refusals are made for the field 'audio'; analyzeAudio renames the field when asked to. */
const refuse = (rule: string, params?: RuleIssue['params']) => refusal(rule, 'audio', params);

const ascii = (buf: Buffer, at: number, len = 4) => buf.toString('latin1', at, at + len);

/** Size of an ID3v2 tag at `at` (header, body and footer), 0 when there is none. */
function id3v2Length(buf: Buffer, at: number): number {
  if (buf.length < at + 10 || ascii(buf, at, 3) !== 'ID3') return 0;
  const s = buf.subarray(at + 6, at + 10);
  if (s.some((b) => b & 0x80)) return 0;
  const body = (s[0]! << 21) | (s[1]! << 14) | (s[2]! << 7) | s[3]!;
  const footer = buf[at + 5]! & 0x10 ? 10 : 0;
  return 10 + body + footer;
}

/** A header ending before `end`: the file was cut when it is that short, else the header is unreadable. */
function cutOrCorrupt(end: number, totalSize: number, detail: string): RuleRefusal {
  return end > totalSize ? refuse('audio.truncated') : refuse('audio.corrupt', { detail });
}

// ---- WAV ----

const WAVE_FORMAT_PCM = 0x0001;
const WAVE_FORMAT_IEEE_FLOAT = 0x0003;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

function parseWav(head: Buffer, totalSize: number): Parsed {
  const riff = ascii(head, 0);
  const rf64 = riff === 'RF64' || riff === 'BW64';
  let fmt: { codec: number; channels: number; sampleRate: number; blockAlign: number; bits: number } | null = null;
  let ds64DataSize: number | null = null;
  let data: { start: number; size: number } | null = null;

  let at = 12;
  while (at + 8 <= head.length) {
    const id = ascii(head, at);
    const size = head.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'ds64' && rf64 && body + 16 <= head.length) {
      // riffSize (8), dataSize (8), sampleCount (8): 64-bit sizes for the chunks that say 0xFFFFFFFF
      ds64DataSize = Number(head.readBigUInt64LE(body + 8));
    } else if (id === 'fmt ') {
      if (size < 16) return refuse('audio.corrupt', { detail: 'fmt' });
      if (body + 16 > head.length) return cutOrCorrupt(body + 16, totalSize, 'fmt');
      let codec = head.readUInt16LE(body);
      let bits = head.readUInt16LE(body + 14);
      if (codec === WAVE_FORMAT_EXTENSIBLE) {
        if (size < 40) return refuse('audio.corrupt', { detail: 'fmt' });
        if (body + 40 > head.length) return cutOrCorrupt(body + 40, totalSize, 'fmt');
        const valid = head.readUInt16LE(body + 18);
        if (valid > 0 && valid <= bits) bits = valid;
        // the sub-format GUID starts with the codec it stands for
        codec = head.readUInt16LE(body + 24);
      }
      fmt = {
        codec,
        channels: head.readUInt16LE(body + 2),
        sampleRate: head.readUInt32LE(body + 4),
        blockAlign: head.readUInt16LE(body + 12),
        bits,
      };
    } else if (id === 'data') {
      let dataSize = size;
      if (rf64 && size === 0xffffffff && ds64DataSize !== null) dataSize = ds64DataSize;
      // writers that stream (and crashed) leave 0 or 0xFFFFFFFF: the data then runs to the end of the file
      else if (size === 0 || size === 0xffffffff) dataSize = totalSize - body;
      data = { start: body, size: dataSize };
      if (fmt) break;
      // 'fmt ' after 'data' is legal but rare; keep looking while the head reaches that far
      at = body + dataSize + (dataSize & 1);
      continue;
    }
    at = body + size + (size & 1);
  }

  // the chunk walk running past the end of the file before finding both: the file was cut
  if (!fmt || !data)
    return at > totalSize ? refuse('audio.truncated') : refuse('audio.corrupt', { detail: fmt ? 'data' : 'fmt' });
  if (fmt.codec !== WAVE_FORMAT_PCM && fmt.codec !== WAVE_FORMAT_IEEE_FLOAT)
    return refuse('audio.codec', { codec: fmt.codec.toString(16).padStart(4, '0') });
  if (fmt.channels === 0 || fmt.sampleRate === 0 || fmt.bits === 0 || fmt.blockAlign === 0)
    return refuse('audio.corrupt', { detail: 'fmt' });
  // a data chunk claiming more than the file holds: the file was cut (allow one partial sample frame)
  if (data.start + data.size > totalSize + fmt.blockAlign) return refuse('audio.truncated');
  const frames = Math.floor(data.size / fmt.blockAlign);
  return {
    format: 'wav',
    bitDepth: fmt.bits,
    sampleRate: fmt.sampleRate,
    channels: fmt.channels,
    durationSec: frames / fmt.sampleRate,
    lossy: false,
  };
}

// ---- FLAC ----

const STREAMINFO_LENGTH = 34;

function parseFlac(head: Buffer, totalSize: number, start: number): Parsed {
  // the first metadata block must be STREAMINFO (type 0, 34 bytes)
  const block = start + 4;
  if (totalSize < block + 4 + STREAMINFO_LENGTH || head.length < block + 4 + STREAMINFO_LENGTH)
    return refuse('audio.truncated');
  const type = head[block]! & 0x7f;
  const length = head.readUIntBE(block + 1, 3);
  if (type !== 0 || length !== STREAMINFO_LENGTH) return refuse('audio.corrupt', { detail: 'STREAMINFO' });
  const si = block + 4;
  const sampleRate = (head[si + 10]! << 12) | (head[si + 11]! << 4) | (head[si + 12]! >> 4);
  const channels = ((head[si + 12]! >> 1) & 0x07) + 1;
  const bitDepth = (((head[si + 12]! & 0x01) << 4) | (head[si + 13]! >> 4)) + 1;
  const totalSamples = (head[si + 13]! & 0x0f) * 2 ** 32 + head.readUInt32BE(si + 14);
  if (sampleRate === 0) return refuse('audio.corrupt', { detail: 'STREAMINFO' });
  if (totalSamples === 0) return refuse('audio.duration_unknown');

  // walk the remaining metadata blocks as far as the head reaches: one running past the end of the file means
  // the file was cut
  let last = (head[block]! & 0x80) !== 0;
  let at = si + STREAMINFO_LENGTH;
  while (!last && at + 4 <= head.length) {
    last = (head[at]! & 0x80) !== 0;
    at += 4 + head.readUIntBE(at + 1, 3);
  }
  if (at > totalSize) return refuse('audio.truncated');

  return { format: 'flac', bitDepth, sampleRate, channels, durationSec: totalSamples / sampleRate, lossy: false };
}

// ---- MP3 ----

const MPEG1_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_BITRATES = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44_100, 48_000, 32_000], // MPEG-1
  2: [22_050, 24_000, 16_000], // MPEG-2
  0: [11_025, 12_000, 8_000], // MPEG-2.5
};

interface MpegFrame {
  version: number;
  bitrate: number;
  sampleRate: number;
  channels: number;
  length: number;
  samples: number;
}

/** A layer III frame header at `at`, or null. */
function mpegFrame(buf: Buffer, at: number): MpegFrame | null {
  if (at + 4 > buf.length) return null;
  const b1 = buf[at + 1]!;
  const b2 = buf[at + 2]!;
  if (buf[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 0x03;
  const layer = (b1 >> 1) & 0x03;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 0x03;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const bitrate = (version === 3 ? MPEG1_BITRATES : MPEG2_BITRATES)[bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  const samples = version === 3 ? 1152 : 576;
  const padding = (b2 >> 1) & 0x01;
  const length = Math.floor((samples / 8) * (bitrate / sampleRate)) + padding;
  const channels = buf[at + 3]! >> 6 === 3 ? 1 : 2;
  return { version, bitrate, sampleRate, channels, length, samples };
}

/** The frame count a Xing/Info or VBRI header in the first frame declares, if any. */
function vbrFrames(buf: Buffer, at: number, frame: MpegFrame): number | null {
  const sideInfo = frame.version === 3 ? (frame.channels === 1 ? 17 : 32) : frame.channels === 1 ? 9 : 17;
  const xing = at + 4 + sideInfo;
  if (xing + 12 <= buf.length && ['Xing', 'Info'].includes(ascii(buf, xing)) && buf.readUInt32BE(xing + 4) & 0x01)
    return buf.readUInt32BE(xing + 8) || null;
  const vbri = at + 36;
  if (vbri + 18 <= buf.length && ascii(buf, vbri) === 'VBRI') return buf.readUInt32BE(vbri + 14) || null;
  return null;
}

function parseMp3(head: Buffer, totalSize: number, start: number): Parsed | null {
  // a frame right where the audio starts is taken as it is; further in (junk before the first frame), a candidate
  // counts only when the next frame header follows it, so random bytes are not mistaken for MP3
  const limit = Math.min(head.length - 4, start + 64 * 1024);
  for (let at = start; at <= limit; at++) {
    const frame = mpegFrame(head, at);
    if (!frame) continue;
    const next = at + frame.length;
    if (at !== start && (next + 4 > head.length || !mpegFrame(head, next))) continue;
    const frames = vbrFrames(head, at, frame);
    const durationSec = frames ? (frames * frame.samples) / frame.sampleRate : ((totalSize - at) * 8) / frame.bitrate;
    return {
      format: 'mp3',
      bitDepth: null,
      sampleRate: frame.sampleRate,
      channels: frame.channels,
      durationSec,
      lossy: true,
    };
  }
  return null;
}

/**
 * What an audio file is, from its first bytes (`head`: at least the first MiB, or the whole file when smaller) and
 * its total size; or why it cannot be accepted at all ('audio.format', 'audio.truncated', 'audio.corrupt',
 * 'audio.codec', 'audio.duration_unknown').
 */
export function analyzeAudio(head: Buffer, totalSize: number, field = 'audio'): AudioInfo | RuleRefusal {
  const result = parse(head, totalSize);
  if ('issues' in result && field !== 'audio') for (const issue of result.issues) issue.field = field;
  return result;
}

function parse(head: Buffer, totalSize: number): Parsed {
  if (head.length === 0) return refuse('audio.format');
  if (head.length >= 12 && ['RIFF', 'RF64', 'BW64'].includes(ascii(head, 0)) && ascii(head, 8) === 'WAVE')
    return parseWav(head, totalSize);
  const tag = id3v2Length(head, 0);
  if (tag > 0 && tag + 4 > head.length)
    // an ID3 tag and nothing after it in the head: cut, or a tag too big to see past (a huge embedded picture)
    return tag + 4 > totalSize ? refuse('audio.truncated') : refuse('audio.corrupt', { detail: 'ID3' });
  if (ascii(head, tag) === 'fLaC') return parseFlac(head, totalSize, tag);
  return parseMp3(head, totalSize, tag) ?? refuse('audio.format');
}

export interface AudioRuleOptions {
  /** Main audio must be lossless (an error); other audio materials only warn about MP3. Default true. */
  lossless?: boolean;
  minDurationSec?: number;
}

/** The delivery rules an audio file breaks: lossless WAV/FLAC, 16/24-bit, 44.1–96 kHz, stereo, at least 30 s. */
export function audioIssues(info: AudioInfo, field = 'audio', options: AudioRuleOptions = {}): RuleIssue[] {
  const { lossless = true, minDurationSec = AUDIO_RULES.minDurationSec } = options;
  const out: RuleIssue[] = [];
  if (info.lossy || info.format === 'mp3')
    out.push({ rule: 'audio.lossy', field, severity: lossless ? 'error' : 'warning' });
  if (info.bitDepth !== null && !(AUDIO_RULES.bitDepths as readonly number[]).includes(info.bitDepth))
    out.push({ rule: 'audio.bit_depth', field, severity: 'error', params: { bitDepth: info.bitDepth } });
  if (info.sampleRate < AUDIO_RULES.minSampleRate || info.sampleRate > AUDIO_RULES.maxSampleRate)
    out.push({ rule: 'audio.sample_rate', field, severity: 'error', params: { sampleRate: info.sampleRate } });
  if (info.channels !== AUDIO_RULES.channels)
    out.push({ rule: 'audio.channels', field, severity: 'error', params: { channels: info.channels } });
  if (info.durationSec < minDurationSec)
    out.push({
      rule: 'audio.too_short',
      field,
      severity: 'error',
      params: { durationSec: Math.round(info.durationSec * 10) / 10, min: minDurationSec },
    });
  return out;
}
