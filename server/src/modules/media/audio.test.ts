import { Readable } from 'node:stream';
import type { AudioInfo } from '@trackline/contract/works-types';
import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { flac, id3WithPicture, listInfoChunk, mp3, riffChunk, textFile, wav } from '../../../test/media-files';
import { expectRefused, rulesOf } from '../../../test/rule-assert';
import { AUDIO_HEAD_BYTES, analyzeAudio, audioIssues } from './audio';
import { isRefusal } from './refusal';

/** As the upload path calls it: the first MiB, the file's real size, and a stream of the whole file. */
function analyze(file: Buffer) {
  return analyzeAudio({
    head: file.subarray(0, AUDIO_HEAD_BYTES),
    size: file.length,
    open: () => Readable.from([file], { objectMode: false }),
  });
}

/** A file that is all there is (no stream of more). */
function analyzeCut(head: Buffer, size = head.length, field?: string) {
  return analyzeAudio({ head, size }, field);
}

async function info(file: Buffer): Promise<AudioInfo> {
  const result = await analyze(file);
  if (isRefusal(result)) throw new Error(`refused: ${JSON.stringify(result.issues)}`);
  return result;
}

/** A 31 s silent WAV as RF64: ds64 holds the sizes, the RIFF and data sizes say 0xFFFFFFFF. */
function rf64Wav(): Buffer {
  const base = wav({ seconds: 31, silent: true });
  const dataSize = base.readUInt32LE(40);
  const ds64 = Buffer.alloc(28);
  ds64.writeBigUInt64LE(BigInt(base.length + 36 - 8), 0);
  ds64.writeBigUInt64LE(BigInt(dataSize), 8);
  return Buffer.concat([
    Buffer.from('RF64'),
    Buffer.from([0xff, 0xff, 0xff, 0xff]),
    Buffer.from('WAVE'),
    riffChunk('ds64', ds64),
    base.subarray(12, 36), // 'fmt ' chunk
    Buffer.from('data'),
    Buffer.from([0xff, 0xff, 0xff, 0xff]),
    base.subarray(44),
  ]);
}

describe('analyzeAudio: WAV', () => {
  it('reads a 44.1 kHz 16-bit stereo 31 s WAV, which passes every rule', async () => {
    const file = wav();
    expect(file.length).toBeGreaterThan(AUDIO_HEAD_BYTES);
    const a = await info(file);
    expect(a).toMatchObject({ format: 'wav', bitDepth: 16, sampleRate: 44_100, channels: 2, lossy: false });
    expect(a.durationSec).toBeCloseTo(31, 3);
    expect(audioIssues(a)).toEqual([]);
  });

  it('finds fmt and data after a LIST chunk: 24-bit 96 kHz, extensible format', async () => {
    const file = wav({ sampleRate: 96_000, bitDepth: 24, seconds: 31, before: [listInfoChunk()], extensible: true });
    const a = await info(file);
    expect(a).toMatchObject({ format: 'wav', bitDepth: 24, sampleRate: 96_000, channels: 2 });
    expect(a.durationSec).toBeCloseTo(31, 3);
    expect(audioIssues(a)).toEqual([]);
  });

  it('reads a plain PCM fmt after a JUNK chunk too', async () => {
    const a = await info(wav({ seconds: 1, before: [riffChunk('JUNK', Buffer.alloc(27))] }));
    expect(a.durationSec).toBeCloseTo(1, 3);
  });

  it('flags mono', async () => {
    const a = await info(wav({ channels: 1, seconds: 31 }));
    expect(a.channels).toBe(1);
    const issues = audioIssues(a);
    expect(rulesOf(issues)).toEqual(['audio.channels']);
    expect(issues[0]).toMatchObject({ field: 'audio', severity: 'error', params: { channels: 1 } });
  });

  it('flags 22.05 kHz, naming the rate found', async () => {
    const issues = audioIssues(await info(wav({ sampleRate: 22_050, seconds: 31 })));
    expect(rulesOf(issues)).toEqual(['audio.sample_rate']);
    expect(issues[0]!.params).toEqual({ sampleRate: 22_050 });
  });

  it('flags 192 kHz as above the range', async () => {
    const issues = audioIssues(await info(wav({ sampleRate: 192_000, seconds: 1, silent: true })));
    expect(rulesOf(issues)).toContain('audio.sample_rate');
  });

  it('flags a 10 s WAV as too short', async () => {
    const a = await info(wav({ seconds: 10 }));
    expect(a.durationSec).toBeCloseTo(10, 3);
    const issues = audioIssues(a, 'tracks.0.audio');
    expect(rulesOf(issues)).toEqual(['audio.too_short']);
    expect(issues[0]).toMatchObject({ field: 'tracks.0.audio', params: { durationSec: 10, min: 30 } });
  });

  it('flags 8-bit and 32-bit float as the wrong bit depth', async () => {
    expect(rulesOf(audioIssues(await info(wav({ bitDepth: 8, seconds: 31, silent: true }))))).toEqual([
      'audio.bit_depth',
    ]);
    const float = await info(wav({ bitDepth: 32, codec: 3, seconds: 31, silent: true }));
    expect(float.bitDepth).toBe(32);
    expect(rulesOf(audioIssues(float))).toEqual(['audio.bit_depth']);
  });

  it('refuses a compressed WAV (ADPCM)', async () => {
    const issue = expectRefused(await analyze(wav({ codec: 2, seconds: 1, silent: true })), 'audio.codec', 'audio');
    expect(issue.params).toEqual({ codec: '0002' });
  });

  it('refuses a WAV cut short of what its data chunk declares', async () => {
    const file = wav({ seconds: 2, silent: true });
    expectRefused(await analyzeCut(file.subarray(0, 10_000), 10_000), 'audio.truncated');
  });

  it('refuses a WAV cut inside its header', async () => {
    expectRefused(await analyzeCut(wav().subarray(0, 30), 30), 'audio.truncated');
  });

  it('takes a streaming writer’s unknown data size (0) as running to the end of the file', async () => {
    const file = wav({ seconds: 31, silent: true });
    file.writeUInt32LE(0, 40); // the data chunk's size field
    expect((await info(file)).durationSec).toBeCloseTo(31, 3);
  });

  it('reads RF64 with its ds64 sizes', async () => {
    const file = rf64Wav();
    expect(await info(file)).toMatchObject({ format: 'wav', sampleRate: 44_100, bitDepth: 16 });
    expect((await info(file)).durationSec).toBeCloseTo(31, 3);
  });

  it('refuses a text file renamed .wav: it is judged by its bytes', async () => {
    expectRefused(await analyze(textFile()), 'audio.format', 'audio');
  });

  it('refuses an empty file, names the field asked for', async () => {
    expectRefused(await analyzeCut(Buffer.alloc(0), 0, 'tracks.1.audio'), 'audio.format', 'tracks.1.audio');
  });
});

describe('analyzeAudio: FLAC', () => {
  it('reads STREAMINFO: rate, channels, bits and duration from the total samples', async () => {
    const a = await info(flac({ sampleRate: 48_000, bitDepth: 24, totalSamples: 48_000 * 200 }));
    expect(a).toEqual({
      format: 'flac',
      bitDepth: 24,
      sampleRate: 48_000,
      channels: 2,
      durationSec: 200,
      lossy: false,
    });
    expect(audioIssues(a)).toEqual([]);
  });

  it('reads a FLAC behind an ID3v2 tag', async () => {
    const tag = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 10]), Buffer.alloc(10)]);
    expect((await info(Buffer.concat([tag, flac()]))).format).toBe('flac');
  });

  it('applies the same rules: mono 22.05 kHz 8-bit short', async () => {
    const a = await info(flac({ sampleRate: 22_050, channels: 1, bitDepth: 8, totalSamples: 22_050 * 5 }));
    expect(rulesOf(audioIssues(a)).sort()).toEqual(
      ['audio.bit_depth', 'audio.channels', 'audio.sample_rate', 'audio.too_short'].sort(),
    );
  });

  it('refuses a FLAC cut inside STREAMINFO', async () => {
    const cut = flac().subarray(0, 20);
    expectRefused(await analyzeCut(cut, cut.length), 'audio.truncated', 'audio');
  });

  it('refuses a FLAC that is only its signature', async () => {
    expectRefused(await analyzeCut(Buffer.from('fLaC'), 4), 'audio.truncated');
  });

  it('refuses a FLAC whose first block is not STREAMINFO', async () => {
    const issue = expectRefused(await analyze(flac({ withoutStreamInfo: true })), 'audio.corrupt');
    expect(issue.params).toEqual({ detail: 'STREAMINFO' });
  });

  it('refuses a FLAC whose metadata runs past the end of the file', async () => {
    const file = flac({ headerOnly: true });
    file[4] = 0x00; // STREAMINFO is no longer the last block…
    const next = Buffer.from([0x81, 0x00, 0x10, 0x00]); // …a 4096-byte padding block follows, cut short
    const cut = Buffer.concat([file, next, Buffer.alloc(100)]);
    expectRefused(await analyzeCut(cut, cut.length), 'audio.truncated');
  });

  it('refuses a FLAC with an unknown total length', async () => {
    expectRefused(await analyze(flac({ totalSamples: 0 })), 'audio.duration_unknown');
  });
});

describe('analyzeAudio: MP3', () => {
  it('reads the frame header behind an ID3v2 tag and estimates the duration from the bitrate', async () => {
    const file = mp3(50);
    const a = await info(file);
    expect(a).toMatchObject({ format: 'mp3', bitDepth: null, sampleRate: 44_100, channels: 2, lossy: true });
    // 50 frames of 1152 samples at 44.1 kHz ≈ 1.306 s
    expect(a.durationSec).toBeCloseTo((50 * 1152) / 44_100, 1);
  });

  it('flags MP3 as lossy for main audio (an error), only a warning where lossless is not required', async () => {
    const a = await info(mp3(1540)); // 1540 × 1152 samples ≈ 40 s
    const main = audioIssues(a);
    expect(rulesOf(main)).toEqual(['audio.lossy']);
    expect(main[0]!.severity).toBe('error');
    expect(audioIssues(a, 'short_audio', { lossless: false })[0]).toMatchObject({
      rule: 'audio.lossy',
      severity: 'warning',
    });
  });

  it('reads a mono MP3 without a tag', async () => {
    const tagged = mp3(10, 128, 48_000, true);
    const file = tagged.subarray(tagged.indexOf(Buffer.from([0xff, 0xfb])));
    expect(file.subarray(0, 3).toString('latin1')).not.toBe('ID3');
    expect(await info(file)).toMatchObject({ format: 'mp3', channels: 1, sampleRate: 48_000 });
  });
});

describe('analyzeAudio: whole files read by music-metadata', () => {
  it('reads a real 31 s FLAC tone (verbatim frames, 5 MB) through the stream of the whole file', async () => {
    const file = flac({ tone: true, totalSamples: 44_100 * 31 });
    expect(file.length).toBeGreaterThan(AUDIO_HEAD_BYTES);
    expect(await info(file)).toEqual({
      format: 'flac',
      bitDepth: 16,
      sampleRate: 44_100,
      channels: 2,
      durationSec: 31,
      lossy: false,
    });
  });

  it('reads a short 96 kHz 24-bit FLAC tone and a 1 s mono 48 kHz MP3 exactly', async () => {
    const hi = await info(flac({ tone: true, sampleRate: 96_000, bitDepth: 24, totalSamples: 96_000 / 2 }));
    expect(hi).toMatchObject({ format: 'flac', bitDepth: 24, sampleRate: 96_000, channels: 2, durationSec: 0.5 });
    const tagged = mp3(Math.round(48_000 / 1152), 128, 48_000, true);
    const m = await info(tagged);
    expect(m).toMatchObject({ format: 'mp3', sampleRate: 48_000, channels: 1, lossy: true });
    expect(m.durationSec).toBeCloseTo(1, 1);
  });

  it('sees past an embedded picture: a FLAC behind 900 kB of ID3, an MP3 behind 2 MiB', async () => {
    // music-metadata alone, guessing from the first 4100 bytes, would read this FLAC's frames as AAC
    const f = await info(Buffer.concat([id3WithPicture(900_000), flac({ tone: true })]));
    expect(f).toMatchObject({ format: 'flac', sampleRate: 44_100, channels: 2, durationSec: 31 });
    const picture = id3WithPicture(2 * 1024 * 1024);
    const m = await info(Buffer.concat([picture, mp3(1540).subarray(mp3(0).length)]));
    expect(m).toMatchObject({ format: 'mp3', sampleRate: 44_100, channels: 2 });
    expect(m.durationSec).toBeCloseTo((1540 * 1152) / 44_100, 1);
  });

  it('counts the frames of a VBR MP3 that has no Xing/VBRI header', async () => {
    const frames = (kbps: number) => mp3(1, kbps).subarray(mp3(0).length);
    const vbr = Buffer.concat([mp3(0), ...Array.from({ length: 600 }, (_, i) => frames(i % 3 ? 128 : 192))]);
    const a = await info(vbr);
    expect(a).toMatchObject({ format: 'mp3', sampleRate: 44_100, channels: 2 });
    expect(a.durationSec).toBeCloseTo((600 * 1152) / 44_100, 2);
  });

  it('refuses a FLAC that ends where its audio should begin', async () => {
    expectRefused(await analyze(flac({ headerOnly: true })), 'audio.truncated');
  });

  it('refuses an ID3 tag longer than the file as cut, and MPEG layer II as not an accepted format', async () => {
    const tag = id3WithPicture(10_000);
    expectRefused(await analyzeCut(tag.subarray(0, 5000)), 'audio.truncated');
    // a tag declaring 100 MB is not handed to the library (which would hold it in memory), however big the file
    const huge = id3WithPicture(100);
    huge.set([0x30, 0x00, 0x00, 0x00], 6); // syncsafe size: 0x30 << 21 = 100,663,296 bytes
    const started = performance.now();
    const issue = expectRefused(await analyzeCut(huge, 200_000_000), 'audio.corrupt');
    expect(issue.params).toEqual({ detail: 'ID3' });
    expect(performance.now() - started).toBeLessThan(100);
    const layer2 = mp3(200);
    for (
      let at = layer2.indexOf(Buffer.from([0xff, 0xfb]));
      at >= 0;
      at = layer2.indexOf(Buffer.from([0xff, 0xfb]), at + 1)
    )
      layer2[at + 1] = 0xfd; // layer II instead of III
    expectRefused(await analyze(layer2), 'audio.format');
  });

  it('refuses, never throws, when the whole file cannot be read: a failing stream, a stream that never ends', async () => {
    const file = flac({ tone: true, totalSamples: 44_100 * 10 });
    const head = file.subarray(0, 1000);
    const failing = new Readable({
      read() {
        this.destroy(new Error('disk gone'));
      },
    });
    expectRefused(await analyzeAudio({ head, size: file.length, open: () => failing }), 'audio.corrupt');

    // the same head, then nothing more ever: the time limit answers and the stream is let go
    let stalled: Readable | null = null;
    const started = performance.now();
    const result = await analyzeAudio(
      {
        head: id3WithPicture(AUDIO_HEAD_BYTES).subarray(0, AUDIO_HEAD_BYTES),
        size: AUDIO_HEAD_BYTES * 3,
        open: () => {
          stalled = new Readable({ read() {} });
          stalled.push(id3WithPicture(AUDIO_HEAD_BYTES).subarray(0, 1000));
          return stalled;
        },
      },
      'audio',
      300,
    );
    expect(performance.now() - started).toBeLessThan(2000);
    expectRefused(result, 'audio.corrupt');
    expect((stalled as Readable | null)?.destroyed).toBe(true);
  });
});

describe('music-metadata 12.1 still gets WAV wrong (why media/audio.ts reads WAV itself)', () => {
  // When one of these fails after an upgrade, the library has learnt it: move that case over to it.
  const read = (file: Buffer) => parseBuffer(file, { size: file.length }, { skipCovers: true });

  it('takes RF64 for MPEG audio', async () => {
    expect((await read(rf64Wav())).format.container).toBe('MPEG');
  });

  it('does not resolve WAVE_FORMAT_EXTENSIBLE: 24-bit PCM reads as a non-PCM codec', async () => {
    const f = (await read(wav({ bitDepth: 24, seconds: 1, silent: true, extensible: true }))).format;
    expect(f.codec).toBe('non-PCM (65534)');
  });

  it('walks the samples as chunks when the data size is unknown (0), with no duration', async () => {
    const file = wav({ seconds: 1, silent: true });
    file.writeUInt32LE(0, 40);
    const m = await read(file);
    expect(m.format.duration).toBeUndefined();
    expect(m.quality.warnings.length).toBeGreaterThan(1000);
  });

  it('only warns about a data chunk that runs past the end of the file', async () => {
    const m = await read(wav({ seconds: 31, silent: true }).subarray(0, 100_000));
    expect(m.format.duration).toBeLessThan(1);
  });
});

describe('analyzeAudio: malformed, truncated and fuzzed input', () => {
  const RULES = new Set(['audio.format', 'audio.truncated', 'audio.corrupt', 'audio.codec', 'audio.duration_unknown']);
  /** A small deterministic generator (so a failure can be replayed): xorshift32. */
  function random(seed: number) {
    let x = seed;
    return (n: number) => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return (x >>> 0) % n;
    };
  }
  const id3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 10]), Buffer.alloc(10)]);
  const bases: Record<string, Buffer> = {
    wav: wav({ seconds: 0.5, before: [listInfoChunk()] }),
    'wav extensible': wav({ seconds: 0.5, bitDepth: 24, extensible: true, silent: true }),
    flac: flac({ tone: true, totalSamples: 9000 }),
    'flac behind ID3': Buffer.concat([id3, flac()]),
    mp3: mp3(60),
  };

  for (const [name, base] of Object.entries(bases))
    it(`${name}: 300 mutations each answer a result or a catalogued refusal, within the time limit`, async () => {
      const next = random(0x9e3779b9 ^ base.length);
      let slowest = 0;
      for (let round = 0; round < 300; round++) {
        let file = Buffer.from(base);
        const kind = next(4);
        const edits = 1 + next(12);
        for (let e = 0; e < edits; e++) {
          // mostly in the headers, where the parsers look; sometimes anywhere
          const at = next(4) === 0 ? next(file.length) : next(Math.min(file.length, 96));
          if (kind === 0) file[at] = next(256);
          else if (kind === 1) file.writeUInt32LE(next(2) ? 0xffffffff : next(2 ** 31), Math.min(at, file.length - 4));
          else if (kind === 2) file[at] = 0xff;
        }
        if (kind === 3 || next(5) === 0) file = file.subarray(0, next(file.length + 1));
        const started = performance.now();
        const result = await analyzeAudio(
          {
            head: file.subarray(0, AUDIO_HEAD_BYTES),
            size: file.length,
            open: () => Readable.from([file], { objectMode: false }),
          },
          'audio',
          1000,
        );
        slowest = Math.max(slowest, performance.now() - started);
        if (isRefusal(result)) {
          const rules = rulesOf(result.issues);
          for (const rule of rules) expect(RULES.has(rule), `${name} round ${round}: ${rule}`).toBe(true);
        } else {
          expect(['wav', 'flac', 'mp3']).toContain(result.format);
          for (const n of [result.sampleRate, result.channels, result.durationSec])
            expect(Number.isFinite(n) && n >= 0, `${name} round ${round}: ${JSON.stringify(result)}`).toBe(true);
        }
      }
      expect(slowest).toBeLessThan(1500);
    });
});
