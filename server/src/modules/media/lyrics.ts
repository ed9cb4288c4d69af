/**
 * Lyrics files (LRC or plain text) decoded to text. Chinese lyrics often come from Windows tools in GBK, so the
 * bytes are tried as UTF-8 first (a BOM dropped), then as GBK (Node's TextDecoder with full ICU), and UTF-16 with
 * a BOM (Notepad's "Unicode"). Whatever decodes to control characters is not text and is refused.
 * LRC: lines with one or more time tags [mm:ss], [mm:ss.xx], [mm:ss.xxx] or [mm:ss:xx]; ID tags ([ar:], [ti:],
 * [offset:] …) are read apart; word-timing tags <mm:ss.xx> inside a line are dropped.
 */
import type { LyricsInfo, LyricsLine, RuleRefusal } from '@trackline/contract/works-types';
import { refusal } from './refusal';

export const LYRICS_MAX_CHARS = 20_000;

/** C0 controls other than tab, line feed, form feed and carriage return, and DEL: signs of a binary file. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point
const CONTROL_RE = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

function decode(buf: Buffer): { text: string; encoding: LyricsInfo['encoding'] } | null {
  const attempts: [string, LyricsInfo['encoding']][] = [];
  if (buf[0] === 0xff && buf[1] === 0xfe) attempts.push(['utf-16le', 'utf-16']);
  else if (buf[0] === 0xfe && buf[1] === 0xff) attempts.push(['utf-16be', 'utf-16']);
  else attempts.push(['utf-8', 'utf-8'], ['gbk', 'gbk']);
  for (const [label, encoding] of attempts) {
    try {
      // the decoder drops a leading BOM itself
      const text = new TextDecoder(label, { fatal: true }).decode(buf);
      return CONTROL_RE.test(text) ? null : { text, encoding };
    } catch {
      // not this encoding: try the next
    }
  }
  return null;
}

const TIME_TAG = /\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/y;
const ID_TAG = /^\[([a-z#]+):([^\]]*)\]\s*$/i;
const WORD_TIME = /<\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?>/g;

/** Leading time tags of a line and what follows them; null when the line does not start with one. */
function timeTags(line: string): { times: number[]; text: string } | null {
  const times: number[] = [];
  TIME_TAG.lastIndex = 0;
  let m = TIME_TAG.exec(line);
  let end = 0;
  while (m) {
    // a fraction is a decimal fraction of a second: .5 = 500 ms, .05 = 50 ms, .005 = 5 ms
    const fraction = m[3] ? Math.round(Number(`0.${m[3]}`) * 1000) : 0;
    times.push((Number(m[1]) * 60 + Number(m[2])) * 1000 + fraction);
    end = TIME_TAG.lastIndex;
    m = TIME_TAG.exec(line);
  }
  return times.length ? { times, text: line.slice(end) } : null;
}

function parseLrc(rawLines: string[]): { lines: LyricsLine[]; tags: Record<string, string> } | null {
  const tags: Record<string, string> = {};
  const entries: { timeMs: number | null; sortMs: number; text: string; order: number }[] = [];
  let timed = 0;
  let lastMs = 0;
  for (const raw of rawLines) {
    const line = raw.trim();
    if (line === '') continue;
    const tagged = timeTags(line);
    if (tagged) {
      const text = tagged.text.replace(WORD_TIME, '').trim();
      for (const t of tagged.times) {
        entries.push({ timeMs: t, sortMs: t, text, order: entries.length });
        lastMs = t;
      }
      timed++;
      continue;
    }
    const id = ID_TAG.exec(line);
    if (id) {
      tags[id[1]!.toLowerCase()] = id[2]!.trim();
      continue;
    }
    // an untimed line inside an LRC file stays where it is, after the line before it
    entries.push({ timeMs: null, sortMs: lastMs, text: line.replace(WORD_TIME, '').trim(), order: entries.length });
  }
  if (timed === 0) return null;
  // [offset:+500] shows every line 500 ms sooner
  const offset = Number.parseInt(tags.offset ?? '0', 10) || 0;
  entries.sort((a, b) => a.sortMs - b.sortMs || a.order - b.order);
  const lines = entries.map(({ timeMs, text }) => ({
    timeMs: timeMs === null ? null : Math.max(0, timeMs - offset),
    text,
  }));
  return { lines, tags };
}

function trimBlankEnds(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === '') start++;
  while (end > start && lines[end - 1]!.trim() === '') end--;
  return lines.slice(start, end);
}

/**
 * Lyrics bytes → text, encoding, format and lines; or 'lyrics.encoding' (neither UTF-8 nor GBK text),
 * 'lyrics.empty' (nothing to sing), 'lyrics.too_long' (over 20,000 characters).
 */
export function decodeLyrics(buf: Buffer, field = 'lyrics'): LyricsInfo | RuleRefusal {
  // no decoding needed to know: even 4 bytes a character would be too long (+ a BOM)
  if (buf.length > LYRICS_MAX_CHARS * 4 + 4)
    return refusal('lyrics.too_long', field, { max: LYRICS_MAX_CHARS, length: `>${LYRICS_MAX_CHARS}` });
  const decoded = decode(buf);
  if (!decoded) return refusal('lyrics.encoding', field);
  const text = decoded.text.replace(/\r\n?/g, '\n').trimEnd();
  const length = Array.from(text).length;
  if (length > LYRICS_MAX_CHARS) return refusal('lyrics.too_long', field, { max: LYRICS_MAX_CHARS, length });
  const rawLines = text.split('\n');
  const lrc = parseLrc(rawLines);
  const info: LyricsInfo = lrc
    ? { text, encoding: decoded.encoding, format: 'lrc', lines: lrc.lines, tags: lrc.tags }
    : {
        text,
        encoding: decoded.encoding,
        format: 'txt',
        lines: trimBlankEnds(rawLines).map((line) => ({ timeMs: null, text: line.trimEnd() })),
        tags: {},
      };
  if (!info.lines.some((line) => line.text.trim() !== '')) return refusal('lyrics.empty', field);
  return info;
}
