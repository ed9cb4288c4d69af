/**
 * Real media files for the publishing journeys, made byte by byte in the test: a PCM WAV (RIFF header + samples of a
 * tone) and an RGB PNG (IHDR + zlib-deflated scanlines + IEND), written to a temporary folder for file inputs.
 * Each call makes different content (a random tone, a random colour): the server blocks audio another account
 * already used, so two journeys must never upload the same bytes.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

/** A WAV of `seconds` of a tone with a random pitch, 16-bit PCM. */
export function makeWav({ seconds = 31, sampleRate = 44_100, channels = 2 } = {}): Buffer {
  const bytes = 2;
  const blockAlign = channels * bytes;
  const frames = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(frames * blockAlign);
  const pitch = 220 + Math.random() * 660;
  const phase = Math.random() * Math.PI;
  for (let i = 0; i < frames; i++) {
    const sample = Math.round(Math.sin((2 * Math.PI * pitch * i) / sampleRate + phase) * 8000);
    for (let c = 0; c < channels; c++) data.writeInt16LE(sample, i * blockAlign + c * bytes);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bytes * 8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

function pngChunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A square RGB PNG (8 bits per channel): a diagonal gradient from a random colour. */
export function makePng(size = 3000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, colour type 2 (RGB), deflate, adaptive filtering, no interlace
  const [r, g, b] = [0, 0, 0].map(() => Math.floor(Math.random() * 200));
  const stride = 1 + size * 3;
  const raw = Buffer.alloc(stride * size);
  for (let y = 0; y < size; y++) {
    const row = y * stride;
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const shade = Math.floor(((x + y) / (2 * size)) * 55);
      raw[row + 1 + x * 3] = r! + shade;
      raw[row + 2 + x * 3] = g! + shade;
      raw[row + 3 + x * 3] = b! + shade;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 6 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A temporary folder with a master WAV and a cover PNG; `cleanup` removes it. */
export async function workFiles(): Promise<{ wav: string; cover: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'trackline-e2e-work-'));
  const wav = path.join(dir, 'master.wav');
  const cover = path.join(dir, 'cover.png');
  await writeFile(wav, makeWav());
  await writeFile(cover, makePng());
  return { wav, cover, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
