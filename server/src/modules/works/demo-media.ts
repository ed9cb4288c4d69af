/**
 * Real media made on the server for the demo works (works.seed.ts), byte by byte and fast (tens of milliseconds
 * each), so the seeded files pass the same analyzers and pre-review rules as a musician's upload:
 * - a PCM WAV, 44.1 kHz 16-bit stereo: a soft chord progression (sine wavetable, gentle attack and decay per
 *   chord, notes spread across the stereo field). Each progression gives different bytes, so the duplicate-audio
 *   rules never see two demo tracks as one recording;
 * - a square RGB PNG cover: a diagonal gradient with a disc (a moon, a sun), scanlines Sub-filtered and deflated;
 * - a small RGBA PNG signature: one pen stroke drawn along a looping curve.
 */
import { constants, crc32, deflateSync } from 'node:zlib';

// ---- WAV ----

const RATE = 44_100;
const TABLE_SIZE = 1 << 16;
let sineTable: Float32Array | null = null;

/** One period of a sine: a table lookup per sample is far cheaper than Math.sin for millions of samples. */
function sine(): Float32Array {
  if (!sineTable) {
    sineTable = new Float32Array(TABLE_SIZE);
    for (let i = 0; i < TABLE_SIZE; i++) sineTable[i] = Math.sin((2 * Math.PI * i) / TABLE_SIZE);
  }
  return sineTable;
}

const midiHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

export interface ChordTrack {
  /** MIDI note numbers of each chord, played in turn and repeated until the end. */
  chords: readonly (readonly number[])[];
  secondsPerChord: number;
  seconds: number;
}

/** A 16-bit stereo 44.1 kHz PCM WAV of the chord progression, peaking well below full scale. */
export function chordWav(track: ChordTrack): Buffer {
  const table = sine();
  const frames = Math.round(track.seconds * RATE);
  const chordFrames = Math.round(track.secondsPerChord * RATE);
  const fadeIn = RATE;
  const fadeOut = 2 * RATE;
  const out = Buffer.alloc(44 + frames * 4);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  // a soft attack, a slow decay to a sustained level, and a short release before the next chord (no clicks)
  const chordEnv = new Float32Array(chordFrames);
  for (let j = 0; j < chordFrames; j++) {
    const t = j / RATE;
    chordEnv[j] = Math.min(1, t / 0.04) * (0.55 + 0.45 * Math.exp(-t * 0.9)) * Math.min(1, (chordFrames - j) / 2205);
  }
  const phases = new Float64Array(8);
  let steps: number[] = [];
  let gainsL: number[] = [];
  let gainsR: number[] = [];
  for (let i = 0; i < frames; i++) {
    const inChord = i % chordFrames;
    if (inChord === 0) {
      // a bass note an octave under the root, then the chord's notes spread from left to right
      const chord = track.chords[Math.floor(i / chordFrames) % track.chords.length]!;
      const notes = [chord[0]! - 12, ...chord];
      steps = notes.map((n) => (midiHz(n) * TABLE_SIZE) / RATE);
      const pans = notes.map((_, k) => (k === 0 ? 0.5 : 0.2 + (0.6 * (k - 1)) / Math.max(1, notes.length - 2)));
      gainsL = pans.map((p) => Math.cos((p * Math.PI) / 2) / notes.length);
      gainsR = pans.map((p) => Math.sin((p * Math.PI) / 2) / notes.length);
    }
    const songEnv = Math.min(1, i / fadeIn, (frames - i) / fadeOut);
    const amp = 0.45 * 32_767 * chordEnv[inChord]! * songEnv;
    let left = 0;
    let right = 0;
    for (let k = 0; k < steps.length; k++) {
      const s = table[phases[k]! & (TABLE_SIZE - 1)]!;
      phases[k] = phases[k]! + steps[k]!;
      left += s * gainsL[k]!;
      right += s * gainsR[k]!;
    }
    view.setInt16(44 + i * 4, Math.round(left * amp), true);
    view.setInt16(46 + i * 4, Math.round(right * amp), true);
  }
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(out.length - 8, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(2, 22); // stereo
  out.writeUInt32LE(RATE, 24);
  out.writeUInt32LE(RATE * 4, 28); // bytes per second
  out.writeUInt16LE(4, 32); // block align
  out.writeUInt16LE(16, 34); // bits per sample
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(frames * 4, 40);
  return out;
}

// ---- PNG ----

type Rgb = readonly [number, number, number];

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG from raw scanlines (each already led by its filter byte). */
function png(width: number, height: number, colourType: 2 | 6, scanlines: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colourType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    // run-length matching suits filtered scanlines of flat and gradient areas, and is several times faster
    pngChunk('IDAT', deflateSync(scanlines, { strategy: constants.Z_RLE })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface CoverArt {
  size: number;
  /** The gradient's top-left and bottom-right colours. */
  from: Rgb;
  to: Rgb;
  /** A disc: centre and radius as fractions of the side. */
  disc: { x: number; y: number; r: number; colour: Rgb };
}

/** A square 8-bit RGB PNG: the diagonal gradient with the disc on it. */
export function coverPng(art: CoverArt): Buffer {
  const n = art.size;
  // Along the diagonal every row is the row above shifted by one pixel: one line of 2n−1 colours serves them all.
  const line = Buffer.alloc((2 * n - 1) * 3);
  for (let d = 0; d < 2 * n - 1; d++) {
    const f = d / (2 * n - 2);
    for (let c = 0; c < 3; c++) line[d * 3 + c] = Math.round(art.from[c]! + (art.to[c]! - art.from[c]!) * f);
  }
  // …and Sub-filtered once too (each byte minus the same channel one pixel left): a row's filtered bytes are that
  // line's, shifted, apart from its first pixel (nothing to its left) and the edges of the disc.
  const diff = Buffer.alloc(line.length);
  for (let i = 3; i < line.length; i++) diff[i] = (line[i]! - line[i - 3]!) & 0xff;
  const rowBytes = n * 3;
  const rows = Buffer.alloc(n * (rowBytes + 1));
  const disc = art.disc.colour;
  const cx = art.disc.x * n;
  const cy = art.disc.y * n;
  const r = art.disc.r * n;
  const gradient = (y: number, x: number, c: number) => line[(y + x) * 3 + c]!;
  for (let y = 0; y < n; y++) {
    const start = y * (rowBytes + 1) + 1;
    rows[start - 1] = 1; // filter type Sub
    diff.copy(rows, start, y * 3, y * 3 + rowBytes);
    line.copy(rows, start, y * 3, y * 3 + 3);
    const dy = y + 0.5 - cy;
    if (Math.abs(dy) >= r) continue;
    const half = Math.sqrt(r * r - dy * dy);
    const x0 = Math.max(0, Math.round(cx - half));
    const x1 = Math.min(n, Math.round(cx + half));
    if (x1 <= x0) continue;
    rows.fill(0, start + x0 * 3, start + x1 * 3);
    for (let c = 0; c < 3; c++) {
      rows[start + x0 * 3 + c] = (disc[c]! - (x0 > 0 ? gradient(y, x0 - 1, c) : 0)) & 0xff;
      if (x1 < n) rows[start + x1 * 3 + c] = (gradient(y, x1, c) - disc[c]!) & 0xff;
    }
  }
  return png(n, n, 2, rows);
}

/** A signature as a signing pad would give it: a dark-blue stroke on a transparent width×height RGBA canvas. */
export function signaturePng(width = 360, height = 120): Buffer {
  const rowBytes = width * 4;
  const rows = Buffer.alloc(height * (rowBytes + 1));
  const pen = 2.2;
  // a looping flourish across the canvas, like a quickly written name
  for (let step = 0; step <= 2400; step++) {
    const s = step / 2400;
    const x = width * (0.08 + 0.84 * s) + 20 * Math.cos(s * Math.PI * 10);
    const y = height * (0.55 - 0.18 * Math.sin(s * Math.PI * 3)) + 22 * Math.sin(s * Math.PI * 10);
    for (let py = Math.floor(y - pen); py <= Math.ceil(y + pen); py++)
      for (let px = Math.floor(x - pen); px <= Math.ceil(x + pen); px++) {
        if (px < 0 || py < 0 || px >= width || py >= height || (px - x) ** 2 + (py - y) ** 2 > pen * pen) continue;
        rows.set([0x1f, 0x2a, 0x6b, 0xff], py * (rowBytes + 1) + 1 + px * 4);
      }
  }
  return png(width, height, 6, rows);
}
