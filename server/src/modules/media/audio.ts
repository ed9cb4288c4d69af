/**
 * Audio files judged by their bytes. What reads them:
 * - FLAC and MP3: music-metadata (the field's maintained parser), given the whole file (a buffer, or a stream of
 *   it with its size), covers skipped. Its answer is checked before it is believed: FLAC needs STREAMINFO's rate,
 *   channels and bits, a sample count (else 'audio.duration_unknown') and audio after the metadata (else the file
 *   was cut: music-metadata reads to the end of the metadata blocks and, when they run past the end of the file,
 *   says nothing, so no bytes after them is 'audio.truncated'); MP3 must be MPEG layer III with a rate, channels
 *   and a duration (a VBR file without a Xing/VBRI header is read again with every frame counted). Anything it
 *   throws (a RangeError on some malformed FLAC, a stream that fails) is 'audio.corrupt'; a file it cannot place
 *   is 'audio.format'; other formats it reads (Ogg, M4A, AIFF, MP2…) are 'audio.format' too. It runs under a time
 *   limit (AUDIO_PARSE_TIMEOUT_MS) and its stream is destroyed when the limit passes, which ends its reading (a
 *   buffer's reading, at most the first MiB, runs to its end in the background). Narrow checks by hand before it:
 *   an ID3v2 tag longer than the file is 'audio.truncated'; one over MAX_ID3_BYTES is 'audio.corrupt' (the
 *   library holds a whole tag in memory, and a tag may declare 256 MiB); a FLAC seen behind an ID3 tag is named
 *   to it as audio/flac (it guesses the format from the first 4100 bytes).
 * - WAV (RIFF/WAVE, RF64 and BW64): read here, from the head of the file (the first MiB: a WAV states its
 *   parameters up front) and the file's total size. music-metadata 12.1 gets WAV wrong in four ways that a
 *   delivery check cannot live with, each pinned by a test in audio.test.ts ('music-metadata 12.1 still…') so the
 *   upgrade that fixes one says so: it takes RF64 for MPEG audio; it does not resolve WAVE_FORMAT_EXTENSIBLE's
 *   sub-format (every 24-bit extensible PCM WAV reads as codec "non-PCM (65534)"); a data chunk of unknown size
 *   (0, as streaming writers leave it) makes it walk the samples as 8-byte chunks, one warning each (millions on a
 *   long file); and a data chunk running past the end of the file is only a warning, with the duration of what is
 *   there. The reader below walks the chunks ('fmt ' with PCM, IEEE float or WAVE_FORMAT_EXTENSIBLE, 'data',
 *   'ds64', among LIST, bext, JUNK…): duration = data size / block size / sample rate. It only indexes the head it
 *   is given, so no input makes it loop or throw.
 * analyzeAudio says what the file is (or why it cannot be read); audioIssues says which delivery rules it breaks.
 */
import type { Readable } from 'node:stream';
import type { AudioInfo, RuleIssue, RuleRefusal } from '@trackline/contract/works-types';
import {
  CouldNotDetermineFileTypeError,
  type IAudioMetadata,
  type IOptions,
  parseBuffer,
  parseStream,
  UnsupportedFileTypeError,
} from 'music-metadata';
import { refusal } from './refusal';

/** How much of the file the WAV reader wants to see (and the FLAC/MP3 reading can do with when the file is small). */
export const AUDIO_HEAD_BYTES = 1024 * 1024;

/** How long music-metadata may take over one file; a file that takes longer is refused as corrupt. */
export const AUDIO_PARSE_TIMEOUT_MS = 15_000;

/** The largest ID3v2 tag handed to music-metadata, which reads a tag whole into memory (covers are a few MB). */
export const MAX_ID3_BYTES = 32 * 1024 * 1024;

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

// ---- FLAC and MP3, by music-metadata ----

/** The bytes of an audio file: its head and size, and how to read all of it when the head is not all of it. */
export interface AudioBytes {
  /** The first AUDIO_HEAD_BYTES of the file, or the whole file when it is smaller. */
  head: Buffer;
  /** The file's size in bytes. */
  size: number;
  /**
   * Opens the whole file from its first byte (a local file's read stream, a stored object's body). Needed for a
   * FLAC or MP3 bigger than its head; without it such a file is judged by its head against its real size.
   */
  open?: () => Readable | Promise<Readable>;
}

/** STREAMINFO ends 42 bytes after where 'fLaC' starts: a FLAC shorter than that was cut. */
const FLAC_MIN_BYTES = 4 + 4 + 34;

const LIBRARY_OPTIONS: IOptions = { skipCovers: true, skipPostHeaders: true };

type LibraryAnswer = { metadata: IAudioMetadata } | { failed: 'unknown' | 'error' | 'timeout' };

/** music-metadata over the whole file, within timeoutMs; what it throws is an answer, never an exception. */
async function readWithLibrary(
  file: AudioBytes,
  timeoutMs: number,
  mimeType?: string,
  options: IOptions = LIBRARY_OPTIONS,
): Promise<LibraryAnswer> {
  let stream: Readable | null = null;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<LibraryAnswer>((resolve) => {
    timer = setTimeout(() => resolve({ failed: 'timeout' }), timeoutMs);
  });
  const parsing = (async (): Promise<LibraryAnswer> => {
    try {
      if (file.head.length >= file.size || !file.open)
        return { metadata: await parseBuffer(file.head, { size: file.size, mimeType }, options) };
      stream = await file.open();
      return { metadata: await parseStream(stream, { size: file.size, mimeType }, options) };
    } catch (err) {
      if (err instanceof CouldNotDetermineFileTypeError || err instanceof UnsupportedFileTypeError)
        return { failed: 'unknown' };
      return { failed: 'error' };
    } finally {
      // the library reads only what it needs: the rest of the file is let go (also when open() outlived the limit)
      (stream as Readable | null)?.destroy();
    }
  })();
  try {
    return await Promise.race([parsing, timeout]);
  } finally {
    clearTimeout(timer);
    // after a timeout this ends the parse (its next read fails)
    (stream as Readable | null)?.destroy();
  }
}

const isCount = (n: number | undefined, max: number): n is number => Number.isInteger(n) && n! > 0 && n! <= max;

function judgeFlac(metadata: IAudioMetadata): Parsed {
  const f = metadata.format;
  if (!isCount(f.sampleRate, 655_350) || !isCount(f.numberOfChannels, 8) || !isCount(f.bitsPerSample, 32))
    return refuse('audio.corrupt', { detail: 'STREAMINFO' });
  if (!f.duration) return refuse('audio.duration_unknown');
  // set once the metadata blocks were read to their last one, from the bytes after it: none means no audio
  if (!f.bitrate) return refuse('audio.truncated');
  return {
    format: 'flac',
    bitDepth: f.bitsPerSample,
    sampleRate: f.sampleRate,
    channels: f.numberOfChannels,
    durationSec: f.duration,
    lossy: false,
  };
}

function judgeMp3(metadata: IAudioMetadata): Parsed {
  const f = metadata.format;
  if (!isCount(f.sampleRate, 48_000) || !isCount(f.numberOfChannels, 2) || !(f.duration && Number.isFinite(f.duration)))
    return refuse('audio.corrupt', { detail: 'MPEG' });
  return {
    format: 'mp3',
    bitDepth: null,
    sampleRate: f.sampleRate,
    channels: f.numberOfChannels,
    durationSec: f.duration,
    lossy: true,
  };
}

async function parseWithLibrary(file: AudioBytes, timeoutMs: number): Promise<Parsed> {
  const { head, size } = file;
  const tag = id3v2Length(head, 0);
  // an ID3 tag longer than the file: cut (music-metadata would say only that the tag is too big)
  if (tag > 0 && tag + 4 > size) return refuse('audio.truncated');
  if (tag > MAX_ID3_BYTES) return refuse('audio.corrupt', { detail: 'ID3' });
  const isFlac = tag + 4 <= head.length && ascii(head, tag) === 'fLaC';
  // music-metadata guesses the format from the first 4100 bytes: behind a longer ID3 tag (a cover picture) it sees
  // only the tag, assumes MPEG and reads a FLAC's frames as AAC. So a FLAC found here is named to it. (A FLAC
  // behind an ID3 tag longer than the head is not seen here either, and is refused: rare, as FLAC keeps its tags
  // and pictures in its own metadata blocks.)
  const mimeType = isFlac ? 'audio/flac' : undefined;
  let answer = await readWithLibrary(file, timeoutMs, mimeType);
  if ('metadata' in answer) {
    const { container, codec, duration } = answer.metadata.format;
    if (container === 'FLAC') return judgeFlac(answer.metadata);
    if (container === 'MPEG' && /^MPEG (1|2|2\.5) Layer 3$/.test(codec ?? '')) {
      // a VBR MP3 without a Xing/Info or VBRI header: music-metadata stops after four frames unless told to count
      // them all, which it then does (within the same time limit)
      if (!duration) answer = await readWithLibrary(file, timeoutMs, mimeType, { ...LIBRARY_OPTIONS, duration: true });
      if ('metadata' in answer) return judgeMp3(answer.metadata);
    }
  }
  if (isFlac)
    // 'fLaC' and no STREAMINFO read from it: cut before its end, or something else stands there
    return size < tag + FLAC_MIN_BYTES ? refuse('audio.truncated') : refuse('audio.corrupt', { detail: 'STREAMINFO' });
  if ('failed' in answer && answer.failed !== 'unknown') return refuse('audio.corrupt', { detail: 'MPEG' });
  return refuse('audio.format');
}

/**
 * What an audio file is, or why it cannot be accepted at all ('audio.format', 'audio.truncated', 'audio.corrupt',
 * 'audio.codec', 'audio.duration_unknown'). Never throws, and answers within about timeoutMs whatever the bytes.
 */
export async function analyzeAudio(
  file: AudioBytes,
  field = 'audio',
  timeoutMs = AUDIO_PARSE_TIMEOUT_MS,
): Promise<AudioInfo | RuleRefusal> {
  const result = await parse(file, timeoutMs);
  if ('issues' in result && field !== 'audio') for (const issue of result.issues) issue.field = field;
  return result;
}

async function parse(file: AudioBytes, timeoutMs: number): Promise<Parsed> {
  const { head, size } = file;
  if (head.length === 0 || size === 0) return refuse('audio.format');
  if (head.length >= 12 && ['RIFF', 'RF64', 'BW64'].includes(ascii(head, 0)) && ascii(head, 8) === 'WAVE')
    return parseWav(head, size);
  return parseWithLibrary(file, timeoutMs);
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
