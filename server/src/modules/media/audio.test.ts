import type { AudioInfo } from '@trackline/contract/works-types';
import { describe, expect, it } from 'vitest';
import { flac, listInfoChunk, mp3, riffChunk, textFile, wav } from '../../../test/media-files';
import { expectRefused, rulesOf } from '../../../test/rule-assert';
import { AUDIO_HEAD_BYTES, analyzeAudio, audioIssues } from './audio';
import { isRefusal } from './refusal';

/** As the upload path calls it: the first MiB and the file's real size. */
function analyze(file: Buffer) {
  return analyzeAudio(file.subarray(0, AUDIO_HEAD_BYTES), file.length);
}

function info(file: Buffer): AudioInfo {
  const result = analyze(file);
  if (isRefusal(result)) throw new Error(`refused: ${JSON.stringify(result.issues)}`);
  return result;
}

describe('analyzeAudio: WAV', () => {
  it('reads a 44.1 kHz 16-bit stereo 31 s WAV, which passes every rule', () => {
    const file = wav();
    expect(file.length).toBeGreaterThan(AUDIO_HEAD_BYTES);
    const a = info(file);
    expect(a).toMatchObject({ format: 'wav', bitDepth: 16, sampleRate: 44_100, channels: 2, lossy: false });
    expect(a.durationSec).toBeCloseTo(31, 3);
    expect(audioIssues(a)).toEqual([]);
  });

  it('finds fmt and data after a LIST chunk: 24-bit 96 kHz, extensible format', () => {
    const file = wav({ sampleRate: 96_000, bitDepth: 24, seconds: 31, before: [listInfoChunk()], extensible: true });
    const a = info(file);
    expect(a).toMatchObject({ format: 'wav', bitDepth: 24, sampleRate: 96_000, channels: 2 });
    expect(a.durationSec).toBeCloseTo(31, 3);
    expect(audioIssues(a)).toEqual([]);
  });

  it('reads a plain PCM fmt after a JUNK chunk too', () => {
    const a = info(wav({ seconds: 1, before: [riffChunk('JUNK', Buffer.alloc(27))] }));
    expect(a.durationSec).toBeCloseTo(1, 3);
  });

  it('flags mono', () => {
    const a = info(wav({ channels: 1, seconds: 31 }));
    expect(a.channels).toBe(1);
    const issues = audioIssues(a);
    expect(rulesOf(issues)).toEqual(['audio.channels']);
    expect(issues[0]).toMatchObject({ field: 'audio', severity: 'error', params: { channels: 1 } });
  });

  it('flags 22.05 kHz, naming the rate found', () => {
    const issues = audioIssues(info(wav({ sampleRate: 22_050, seconds: 31 })));
    expect(rulesOf(issues)).toEqual(['audio.sample_rate']);
    expect(issues[0]!.params).toEqual({ sampleRate: 22_050 });
  });

  it('flags 192 kHz as above the range', () => {
    const issues = audioIssues(info(wav({ sampleRate: 192_000, seconds: 1, silent: true })));
    expect(rulesOf(issues)).toContain('audio.sample_rate');
  });

  it('flags a 10 s WAV as too short', () => {
    const a = info(wav({ seconds: 10 }));
    expect(a.durationSec).toBeCloseTo(10, 3);
    const issues = audioIssues(a, 'tracks.0.audio');
    expect(rulesOf(issues)).toEqual(['audio.too_short']);
    expect(issues[0]).toMatchObject({ field: 'tracks.0.audio', params: { durationSec: 10, min: 30 } });
  });

  it('flags 8-bit and 32-bit float as the wrong bit depth', () => {
    expect(rulesOf(audioIssues(info(wav({ bitDepth: 8, seconds: 31, silent: true }))))).toEqual(['audio.bit_depth']);
    const float = info(wav({ bitDepth: 32, codec: 3, seconds: 31, silent: true }));
    expect(float.bitDepth).toBe(32);
    expect(rulesOf(audioIssues(float))).toEqual(['audio.bit_depth']);
  });

  it('refuses a compressed WAV (ADPCM)', () => {
    const issue = expectRefused(analyze(wav({ codec: 2, seconds: 1, silent: true })), 'audio.codec', 'audio');
    expect(issue.params).toEqual({ codec: '0002' });
  });

  it('refuses a WAV cut short of what its data chunk declares', () => {
    const file = wav({ seconds: 2, silent: true });
    expectRefused(analyzeAudio(file.subarray(0, 10_000), 10_000), 'audio.truncated');
  });

  it('refuses a WAV cut inside its header', () => {
    expectRefused(analyzeAudio(wav().subarray(0, 30), 30), 'audio.truncated');
  });

  it('takes a streaming writer’s unknown data size (0) as running to the end of the file', () => {
    const file = wav({ seconds: 31, silent: true });
    file.writeUInt32LE(0, 40); // the data chunk's size field
    expect(info(file).durationSec).toBeCloseTo(31, 3);
  });

  it('reads RF64 with its ds64 sizes', () => {
    const base = wav({ seconds: 31, silent: true });
    const dataSize = base.readUInt32LE(40);
    const ds64 = Buffer.alloc(28);
    ds64.writeBigUInt64LE(BigInt(base.length + 36 - 8), 0);
    ds64.writeBigUInt64LE(BigInt(dataSize), 8);
    const file = Buffer.concat([
      Buffer.from('RF64'),
      Buffer.from([0xff, 0xff, 0xff, 0xff]),
      Buffer.from('WAVE'),
      riffChunk('ds64', ds64),
      base.subarray(12, 36), // 'fmt ' chunk
      Buffer.from('data'),
      Buffer.from([0xff, 0xff, 0xff, 0xff]),
      base.subarray(44),
    ]);
    expect(info(file)).toMatchObject({ format: 'wav', sampleRate: 44_100, bitDepth: 16 });
    expect(info(file).durationSec).toBeCloseTo(31, 3);
  });

  it('refuses a text file renamed .wav: it is judged by its bytes', () => {
    expectRefused(analyze(textFile()), 'audio.format', 'audio');
  });

  it('refuses an empty file, names the field asked for', () => {
    expectRefused(analyzeAudio(Buffer.alloc(0), 0, 'tracks.1.audio'), 'audio.format', 'tracks.1.audio');
  });
});

describe('analyzeAudio: FLAC', () => {
  it('reads STREAMINFO: rate, channels, bits and duration from the total samples', () => {
    const a = info(flac({ sampleRate: 48_000, bitDepth: 24, totalSamples: 48_000 * 200 }));
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

  it('reads a FLAC behind an ID3v2 tag', () => {
    const tag = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 10]), Buffer.alloc(10)]);
    expect(info(Buffer.concat([tag, flac()])).format).toBe('flac');
  });

  it('applies the same rules: mono 22.05 kHz 8-bit short', () => {
    const a = info(flac({ sampleRate: 22_050, channels: 1, bitDepth: 8, totalSamples: 22_050 * 5 }));
    expect(rulesOf(audioIssues(a)).sort()).toEqual(
      ['audio.bit_depth', 'audio.channels', 'audio.sample_rate', 'audio.too_short'].sort(),
    );
  });

  it('refuses a FLAC cut inside STREAMINFO', () => {
    const cut = flac().subarray(0, 20);
    expectRefused(analyzeAudio(cut, cut.length), 'audio.truncated', 'audio');
  });

  it('refuses a FLAC that is only its signature', () => {
    expectRefused(analyzeAudio(Buffer.from('fLaC'), 4), 'audio.truncated');
  });

  it('refuses a FLAC whose first block is not STREAMINFO', () => {
    const issue = expectRefused(analyze(flac({ withoutStreamInfo: true })), 'audio.corrupt');
    expect(issue.params).toEqual({ detail: 'STREAMINFO' });
  });

  it('refuses a FLAC whose metadata runs past the end of the file', () => {
    const file = flac();
    file[4] = 0x00; // STREAMINFO is no longer the last block…
    const next = Buffer.from([0x81, 0x00, 0x10, 0x00]); // …a 4096-byte padding block follows, cut short
    const cut = Buffer.concat([file, next, Buffer.alloc(100)]);
    expectRefused(analyzeAudio(cut, cut.length), 'audio.truncated');
  });

  it('refuses a FLAC with an unknown total length', () => {
    expectRefused(analyze(flac({ totalSamples: 0 })), 'audio.duration_unknown');
  });
});

describe('analyzeAudio: MP3', () => {
  it('reads the frame header behind an ID3v2 tag and estimates the duration from the bitrate', () => {
    const file = mp3(50);
    const a = info(file);
    expect(a).toMatchObject({ format: 'mp3', bitDepth: null, sampleRate: 44_100, channels: 2, lossy: true });
    // 50 frames of 1152 samples at 44.1 kHz ≈ 1.306 s
    expect(a.durationSec).toBeCloseTo((50 * 1152) / 44_100, 1);
  });

  it('flags MP3 as lossy for main audio (an error), only a warning where lossless is not required', () => {
    const a = info(mp3(1540)); // 1540 × 1152 samples ≈ 40 s
    const main = audioIssues(a);
    expect(rulesOf(main)).toEqual(['audio.lossy']);
    expect(main[0]!.severity).toBe('error');
    expect(audioIssues(a, 'short_audio', { lossless: false })[0]).toMatchObject({
      rule: 'audio.lossy',
      severity: 'warning',
    });
  });

  it('reads a mono MP3 without a tag', () => {
    const tagged = mp3(10, 128, 48_000, true);
    const file = tagged.subarray(tagged.indexOf(Buffer.from([0xff, 0xfb])));
    expect(file.subarray(0, 3).toString('latin1')).not.toBe('ID3');
    expect(info(file)).toMatchObject({ format: 'mp3', channels: 1, sampleRate: 48_000 });
  });
});
