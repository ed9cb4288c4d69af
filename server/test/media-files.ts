/**
 * Real media files made in the tests, byte by byte: WAV (PCM, extensible, with extra chunks), FLAC (STREAMINFO and
 * CRC-checked frames), MP3 (ID3v2 + layer III frames), PNG and JPEG (real, decodable pictures of one colour, or just
 * a header that declares a size), MP4/MOV (ftyp). Used by the media analyzers' unit tests and the upload integration tests.
 */
import { crc32, deflateSync } from 'node:zlib';

// ---- WAV ----

/** A RIFF chunk: id, little-endian size, body, and a pad byte when the size is odd. */
export function riffChunk(id: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body, body.length & 1 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** A LIST/INFO chunk with a title and software tag, as DAWs write before or after 'fmt '. */
export function listInfoChunk(title = 'Trackline test tone'): Buffer {
  const text = (id: string, value: string) => riffChunk(id, Buffer.from(`${value}\0`, 'latin1'));
  return riffChunk('LIST', Buffer.concat([Buffer.from('INFO'), text('INAM', title), text('ISFT', 'media-files.ts')]));
}

export interface WavOptions {
  sampleRate?: number;
  bitDepth?: number;
  channels?: number;
  seconds?: number;
  /** WAVE_FORMAT_EXTENSIBLE with a PCM sub-format. */
  extensible?: boolean;
  /** The format tag (1 PCM, 3 float, 2 ADPCM…), for the codec rule. */
  codec?: number;
  /** Chunks written before 'fmt ' (LIST, JUNK…). */
  before?: Buffer[];
  /** Silence instead of a 440 Hz tone. */
  silent?: boolean;
}

/** A complete WAV file with a 440 Hz tone (or silence). */
export function wav(options: WavOptions = {}): Buffer {
  const { sampleRate = 44_100, bitDepth = 16, channels = 2, seconds = 31, extensible = false, codec = 1 } = options;
  const bytes = bitDepth / 8;
  const blockAlign = channels * bytes;
  const fmt = Buffer.alloc(extensible ? 40 : 16);
  fmt.writeUInt16LE(extensible ? 0xfffe : codec, 0);
  fmt.writeUInt16LE(channels, 2);
  fmt.writeUInt32LE(sampleRate, 4);
  fmt.writeUInt32LE(sampleRate * blockAlign, 8);
  fmt.writeUInt16LE(blockAlign, 12);
  fmt.writeUInt16LE(bitDepth, 14);
  if (extensible) {
    fmt.writeUInt16LE(22, 16); // cbSize
    fmt.writeUInt16LE(bitDepth, 18); // valid bits
    fmt.writeUInt32LE(channels === 2 ? 0x3 : 0x4, 20); // channel mask: FL|FR, or FC
    // KSDATAFORMAT_SUBTYPE_PCM: 00000001-0000-0010-8000-00aa00389b71
    Buffer.from('0100000000001000800000aa00389b71', 'hex').copy(fmt, 24);
    fmt.writeUInt16LE(codec, 24);
  }
  const frames = Math.round(sampleRate * seconds);
  const data = Buffer.alloc(frames * blockAlign);
  if (!options.silent) {
    const max = 2 ** (bitDepth - 1) - 1;
    for (let i = 0; i < frames; i++) {
      const sample = Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * max * 0.25);
      for (let c = 0; c < channels; c++) data.writeIntLE(sample, i * blockAlign + c * bytes, bytes);
    }
  }
  const body = Buffer.concat([
    Buffer.from('WAVE'),
    ...(options.before ?? []),
    riffChunk('fmt ', fmt),
    riffChunk('data', data),
  ]);
  return Buffer.concat([Buffer.from('RIFF'), u32le(body.length), body]);
}

function u32le(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

// ---- FLAC ----

export interface FlacOptions {
  sampleRate?: number;
  channels?: number;
  /** 8, 16 or 24 (whole bytes: the encoder below writes no bit-packed samples). */
  bitDepth?: number;
  /** The samples per channel: STREAMINFO declares them and that many are encoded in frames. */
  totalSamples?: number;
  /** A first block of another type instead of STREAMINFO. */
  withoutStreamInfo?: boolean;
  /** Only 'fLaC' and the metadata, no audio frames (a file cut where its audio begins). */
  headerOnly?: boolean;
  /** A 440 Hz tone in verbatim subframes instead of silence in constant ones. */
  tone?: boolean;
}

const FLAC_BLOCK = 4096;
const FLAC_RATE_CODES: Record<number, number> = { 22050: 6, 32000: 8, 44100: 9, 48000: 10, 96000: 11, 192000: 3 };
const FLAC_SIZE_CODES: Record<number, number> = { 8: 1, 16: 4, 24: 6 };

/** CRC-8 (polynomial x^8+x^2+x+1) of a FLAC frame header. */
function crc8(bytes: Buffer): number {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

/** CRC-16 (polynomial x^16+x^15+x^2+1) of a whole FLAC frame. */
function crc16(bytes: Buffer): number {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** A frame number as FLAC codes it: UTF-8's scheme, for values below 2^31 here. */
function flacNumber(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  let rest = n;
  let lead = 0x80; // the length marker bits of the first byte grow with each continuation byte
  let room = 0x3f; // how many value bits the first byte still has
  while (rest > room) {
    bytes.unshift(0x80 | (rest & 0x3f));
    rest = Math.floor(rest / 64);
    lead = (lead >> 1) | 0x80;
    room >>= 1;
  }
  bytes.unshift(lead | rest);
  return Buffer.from(bytes);
}

/**
 * A real FLAC file: 'fLaC', STREAMINFO (and nothing else in the metadata) and fixed-size frames of 4096 samples,
 * each with its header (CRC-8), one subframe a channel (CONSTANT 0 for silence, VERBATIM for the tone) and its
 * CRC-16. Silence keeps a 31 s file at about 7 kB. (Checked once with libFLAC, @wasm-audio-decoders/flac: 16-bit
 * 44.1 kHz, 24-bit 96 kHz and 8-bit mono files decode without an error, to the samples written.)
 */
export function flac(options: FlacOptions = {}): Buffer {
  const { sampleRate = 44_100, channels = 2, bitDepth = 16, totalSamples = 44_100 * 31 } = options;
  const info = Buffer.alloc(34);
  info.writeUInt16BE(FLAC_BLOCK, 0); // min block size
  info.writeUInt16BE(FLAC_BLOCK, 2); // max block size
  // min/max frame size (24 bits each) unknown: 0
  const packed =
    (BigInt(sampleRate) << 44n) | (BigInt(channels - 1) << 41n) | (BigInt(bitDepth - 1) << 36n) | BigInt(totalSamples);
  info.writeBigUInt64BE(packed, 10);
  // MD5 of the audio: 16 zero bytes (unknown)
  const header = Buffer.from([options.withoutStreamInfo ? 0x84 : 0x80, 0, 0, 34]);
  const parts = [Buffer.from('fLaC'), header, info];
  if (options.headerOnly) return Buffer.concat(parts);
  const bytes = bitDepth / 8;
  const amplitude = 2 ** (bitDepth - 1) * 0.25;
  for (let first = 0, n = 0; first < totalSamples; first += FLAC_BLOCK, n++) {
    const size = Math.min(FLAC_BLOCK, totalSamples - first);
    // sync + fixed blocking; block size: 16-bit (size-1) at the end of the header; the rate's and the sample
    // size's codes (0: "as STREAMINFO says"); independent channels
    const rate = FLAC_RATE_CODES[sampleRate] ?? 0;
    const head = Buffer.concat([
      Buffer.from([0xff, 0xf8, 0x70 | rate, ((channels - 1) << 4) | ((FLAC_SIZE_CODES[bitDepth] ?? 0) << 1)]),
      flacNumber(n),
      Buffer.from([(size - 1) >> 8, (size - 1) & 0xff]),
    ]);
    const frame: Buffer[] = [head, Buffer.from([crc8(head)])];
    for (let c = 0; c < channels; c++) {
      if (!options.tone) {
        frame.push(Buffer.from([0x00]), Buffer.alloc(bytes)); // CONSTANT: one sample value, 0
        continue;
      }
      const samples = Buffer.alloc(size * bytes);
      for (let i = 0; i < size; i++) {
        const value = Math.round(Math.sin((2 * Math.PI * 440 * (first + i)) / sampleRate) * amplitude);
        samples.writeIntBE(value, i * bytes, bytes);
      }
      frame.push(Buffer.from([0x02]), samples); // VERBATIM
    }
    const body = Buffer.concat(frame);
    const crc = Buffer.alloc(2);
    crc.writeUInt16BE(crc16(body));
    parts.push(body, crc);
  }
  return Buffer.concat(parts);
}

// ---- MP3 ----

const MPEG1_BITRATE_INDEX: Record<number, number> = { 32: 1, 64: 5, 128: 9, 192: 11, 256: 13, 320: 14 };
const MPEG1_RATE_INDEX: Record<number, number> = { 44100: 0, 48000: 1, 32000: 2 };

/** An ID3v2.3 tag (title frame) and `frames` MPEG-1 layer III frames of silence (zero bytes). */
export function mp3(frames = 50, kbps = 128, sampleRate = 44_100, mono = false): Buffer {
  const title = Buffer.concat([Buffer.from([0]), Buffer.from('Trackline test', 'latin1')]);
  const tit2 = Buffer.concat([Buffer.from('TIT2'), Buffer.from([0, 0, 0, title.length, 0, 0]), title]);
  const size = tit2.length;
  const id3 = Buffer.concat([
    Buffer.from('ID3'),
    Buffer.from([3, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]),
    tit2,
  ]);
  const length = Math.floor((144 * kbps * 1000) / sampleRate);
  const frame = Buffer.alloc(length);
  frame.set([0xff, 0xfb, (MPEG1_BITRATE_INDEX[kbps]! << 4) | (MPEG1_RATE_INDEX[sampleRate]! << 2), mono ? 0xc0 : 0x00]);
  return Buffer.concat([id3, ...Array.from({ length: frames }, () => frame)]);
}

/** An ID3v2.3 tag holding one picture (APIC) of `bytes` bytes: how a cover embedded in an MP3 or FLAC looks. */
export function id3WithPicture(bytes: number): Buffer {
  const body = Buffer.concat([Buffer.from('\0image/jpeg\0\x03\0', 'latin1'), Buffer.alloc(bytes, 0x5a)]);
  const frame = Buffer.concat([Buffer.from('APIC'), Buffer.alloc(6), body]);
  frame.writeUInt32BE(body.length, 4);
  const size = frame.length;
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  header.set([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f], 6);
  return Buffer.concat([header, frame]);
}

// ---- PNG ----

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * A PNG of one colour, `width`×`height`, colour type 2 (RGB) by default (0 grey, 3 palette, 4 grey+alpha, 6 RGBA).
 * `declaredOnly`: the IHDR declares the size but the picture data is a token — a decompression bomb's header.
 */
export function pngImage(width: number, height: number, colourType = 2, declaredOnly = false): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, colourType, 0, 0, 0], 8);
  const rowLength = 1 + width * PNG_CHANNELS[colourType]!;
  let idat: Buffer;
  if (declaredOnly) idat = deflateSync(Buffer.alloc(Math.min(rowLength, 1024)));
  else {
    const raw = Buffer.alloc(rowLength * height, colourType === 3 ? 0 : 0x60);
    for (let y = 0; y < height; y++) raw[y * rowLength] = 0; // filter: none
    idat = deflateSync(raw);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...(colourType === 3 ? [pngChunk('PLTE', Buffer.from([0x60, 0x30, 0x90]))] : []),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- JPEG ----

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/**
 * A real baseline JPEG of one mid-grey colour: every 8×8 block holds only a DC difference of 0, coded with
 * one-symbol Huffman tables (DC category 0 → "0", AC end-of-block → "0"), so the scan is 2 bits a block.
 * `components`: 3 YCbCr (JFIF), 1 greyscale, 4 CMYK (Adobe). `headerOnly`: stop after the frame header.
 */
export function jpegImage(width: number, height: number, components = 3, headerOnly = false): Buffer {
  const parts: Buffer[] = [Buffer.from([0xff, 0xd8])];
  if (components === 4)
    // Adobe APP14, transform 0: the four components are CMYK as they are
    parts.push(segment(0xee, Buffer.from([0x41, 0x64, 0x6f, 0x62, 0x65, 0, 100, 0, 0, 0, 0, 0])));
  else parts.push(segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 72, 0, 72, 0, 0])));
  parts.push(segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])));
  const sof = Buffer.alloc(6 + 3 * components);
  sof[0] = 8;
  sof.writeUInt16BE(height, 1);
  sof.writeUInt16BE(width, 3);
  sof[5] = components;
  for (let c = 0; c < components; c++) sof.set([c + 1, 0x11, 0], 6 + 3 * c);
  parts.push(segment(0xc0, sof));
  if (headerOnly) return Buffer.concat(parts);
  const oneCode = (tableClass: number) => {
    const counts = Buffer.alloc(16);
    counts[0] = 1;
    return segment(0xc4, Buffer.concat([Buffer.from([tableClass << 4]), counts, Buffer.from([0])]));
  };
  parts.push(oneCode(0), oneCode(1));
  const sos = Buffer.alloc(4 + 2 * components);
  sos[0] = components;
  for (let c = 0; c < components; c++) sos.set([c + 1, 0x00], 1 + 2 * c);
  sos.set([0, 63, 0], 1 + 2 * components);
  parts.push(segment(0xda, sos));
  const bits = Math.ceil(width / 8) * Math.ceil(height / 8) * components * 2;
  const scan = Buffer.alloc(Math.ceil(bits / 8));
  const spare = scan.length * 8 - bits;
  if (spare > 0) scan[scan.length - 1] = (1 << spare) - 1; // pad the last byte with 1 bits
  parts.push(scan, Buffer.from([0xff, 0xd9]));
  return Buffer.concat(parts);
}

// ---- MP4 / MOV ----

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** The head of an ISO BMFF file: ftyp (major brand, compatible brands), a free box and a little mdat. */
export function isoMedia(major: string, compatible: string[] = [major]): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from(major, 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    ...compatible.map((b) => Buffer.from(b, 'latin1')),
  ]);
  return Buffer.concat([box('ftyp', ftyp), box('free', Buffer.alloc(8)), box('mdat', Buffer.alloc(256))]);
}

/** A text file to rename .wav or .png: no format at all. */
export function textFile(): Buffer {
  return Buffer.from('This is a plain text file, not a song.\n'.repeat(40), 'utf8');
}
