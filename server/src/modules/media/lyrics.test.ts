import type { LyricsInfo } from '@trackline/contract/works-types';
import { describe, expect, it } from 'vitest';
import { pngImage } from '../../../test/media-files';
import { expectRefused } from '../../../test/rule-assert';
import { decodeLyrics, LYRICS_MAX_CHARS } from './lyrics';
import { isRefusal } from './refusal';

/** GBK bytes written by hand: 你 C4E3, 好 BAC3, 世 CAC0, 界 BDE7, 我 CED2, 爱 B0AE, 歌 B8E8, 词 B4CA. */
const GBK: Record<string, number[]> = {
  你: [0xc4, 0xe3],
  好: [0xba, 0xc3],
  世: [0xca, 0xc0],
  界: [0xbd, 0xe7],
  我: [0xce, 0xd2],
  爱: [0xb0, 0xae],
  歌: [0xb8, 0xe8],
  词: [0xb4, 0xca],
};
function gbk(text: string): Buffer {
  return Buffer.from(Array.from(text).flatMap((ch) => GBK[ch] ?? (ch.charCodeAt(0) < 0x80 ? [ch.charCodeAt(0)] : [])));
}

function decoded(buf: Buffer): LyricsInfo {
  const result = decodeLyrics(buf);
  if (isRefusal(result)) throw new Error(`refused: ${JSON.stringify(result.issues)}`);
  return result;
}

describe('decodeLyrics', () => {
  it('reads UTF-8 plain text as TXT, lines kept as written', () => {
    const info = decoded(Buffer.from('你好世界\n\n我爱歌词\r\nsecond verse\n\n', 'utf8'));
    expect(info).toEqual({
      text: '你好世界\n\n我爱歌词\nsecond verse',
      encoding: 'utf-8',
      format: 'txt',
      lines: [
        { timeMs: null, text: '你好世界' },
        { timeMs: null, text: '' },
        { timeMs: null, text: '我爱歌词' },
        { timeMs: null, text: 'second verse' },
      ],
      tags: {},
    });
  });

  it('drops a UTF-8 byte-order mark', () => {
    const info = decoded(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('你好', 'utf8')]));
    expect(info.text).toBe('你好');
    expect(info.encoding).toBe('utf-8');
  });

  it('converts a GBK file (bytes written by hand) to text', () => {
    const bytes = gbk('你好世界\n我爱歌词');
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0xc4, 0xe3, 0xba, 0xc3]));
    const info = decoded(bytes);
    expect(info.encoding).toBe('gbk');
    expect(info.text).toBe('你好世界\n我爱歌词');
    expect(info.format).toBe('txt');
  });

  it('converts a GBK LRC file and parses its timestamps', () => {
    const info = decoded(gbk('[ti:歌词]\r\n[00:01.00]你好\r\n[00:02.50]世界\r\n'));
    expect(info.encoding).toBe('gbk');
    expect(info.format).toBe('lrc');
    expect(info.tags).toEqual({ ti: '歌词' });
    expect(info.lines).toEqual([
      { timeMs: 1000, text: '你好' },
      { timeMs: 2500, text: '世界' },
    ]);
  });

  it('reads UTF-16 with a byte-order mark (Notepad "Unicode")', () => {
    const body = Buffer.from('[00:03.00]你好', 'utf16le');
    const info = decoded(Buffer.concat([Buffer.from([0xff, 0xfe]), body]));
    expect(info).toMatchObject({ encoding: 'utf-16', format: 'lrc', lines: [{ timeMs: 3000, text: '你好' }] });
  });

  it('parses every LRC time form, several tags a line, metadata tags apart, in time order', () => {
    const lrc = [
      '[ar:Trackline Band]',
      '[ti:Test Song]',
      '[al:Unit Tests]',
      '[by:someone]',
      '[00:05.20]second line',
      '[00:01.5]first line',
      '[00:10:25][01:02.345]chorus',
      '[02:00]last <02:00.50>word <02:01.00>timing',
      '[Chorus]',
      '',
    ].join('\n');
    const info = decoded(Buffer.from(lrc, 'utf8'));
    expect(info.format).toBe('lrc');
    expect(info.tags).toEqual({ ar: 'Trackline Band', ti: 'Test Song', al: 'Unit Tests', by: 'someone' });
    expect(info.lines).toEqual([
      { timeMs: 1500, text: 'first line' },
      { timeMs: 5200, text: 'second line' },
      { timeMs: 10_250, text: 'chorus' },
      { timeMs: 62_345, text: 'chorus' },
      { timeMs: 120_000, text: 'last word timing' },
      { timeMs: null, text: '[Chorus]' },
    ]);
  });

  it('applies an [offset:] tag (positive shows lines sooner)', () => {
    const info = decoded(Buffer.from('[offset:+500]\n[00:01.00]a\n[00:00.20]b', 'utf8'));
    expect(info.lines).toEqual([
      { timeMs: 0, text: 'b' },
      { timeMs: 500, text: 'a' },
    ]);
  });

  it('refuses bytes that are neither UTF-8 nor GBK', () => {
    expectRefused(decodeLyrics(Buffer.from([0x41, 0xff, 0x42])), 'lyrics.encoding', 'lyrics');
  });

  it('refuses a binary file (an image renamed .lrc)', () => {
    expectRefused(decodeLyrics(pngImage(10, 10), 'tracks.0.lyrics'), 'lyrics.encoding', 'tracks.0.lyrics');
  });

  it('refuses empty lyrics: no bytes, only blank lines, only LRC tags without words', () => {
    expectRefused(decodeLyrics(Buffer.alloc(0)), 'lyrics.empty');
    expectRefused(decodeLyrics(Buffer.from(' \r\n\n\t\n', 'utf8')), 'lyrics.empty');
    expectRefused(decodeLyrics(Buffer.from('[00:01.00]\n[00:02.00]  ', 'utf8')), 'lyrics.empty');
  });

  it('refuses lyrics over 20,000 characters, and accepts exactly 20,000', () => {
    const limit = '好'.repeat(LYRICS_MAX_CHARS);
    expect(decoded(Buffer.from(limit, 'utf8')).text).toHaveLength(LYRICS_MAX_CHARS);
    const issue = expectRefused(decodeLyrics(Buffer.from(`${limit}好`, 'utf8')), 'lyrics.too_long');
    expect(issue.params).toEqual({ max: LYRICS_MAX_CHARS, length: LYRICS_MAX_CHARS + 1 });
    expectRefused(decodeLyrics(Buffer.alloc(1_000_000, 0x61)), 'lyrics.too_long');
  });
});
