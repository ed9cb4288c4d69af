/**
 * Works (issue 3): zod-free types shared by the server and the web. The request schemas are in works.ts.
 */

// ---- Rule issues and media analysis results (pure analyzers: server/src/modules/media, title-rules.ts) ----

/**
 * One broken rule: a stable id ('audio.sample_rate'), the field it concerns ('audio', 'tracks.0.title'), whether it
 * blocks ('error') or only warns, and the values its text shows. Texts: rule-texts.ts `ruleText(rule, lang, params)`.
 */
export interface RuleIssue {
  rule: string;
  field: string;
  severity: 'error' | 'warning';
  params?: Record<string, string | number>;
}

/** What a file analyzer answers when the file cannot be accepted at all. */
export interface RuleRefusal {
  issues: RuleIssue[];
}

/** Read from the audio file's header; duration from the data size (WAV), total samples (FLAC) or bitrate (MP3). */
export interface AudioInfo {
  format: 'wav' | 'flac' | 'mp3';
  /** Bits per sample; null for MP3, which has none. */
  bitDepth: number | null;
  sampleRate: number;
  channels: number;
  durationSec: number;
  lossy: boolean;
}

export type CoverColorSpace = 'rgb' | 'rgba' | 'grayscale' | 'grayscale_alpha' | 'palette' | 'cmyk';

/** Read from the image header only (PNG IHDR, JPEG SOFn): nothing is decoded. */
export interface CoverInfo {
  format: 'jpg' | 'png';
  width: number;
  height: number;
  colorSpace: CoverColorSpace;
  /** Bits per channel as the header declares it. */
  bitDepth: number;
  /** Rules it passes with a warning only (e.g. 'cover.alpha'); errors make analyzeCover refuse instead. */
  warnings: RuleIssue[];
}

export interface LyricsLine {
  /** Milliseconds from the start for a timed (LRC) line, null for plain text. */
  timeMs: number | null;
  text: string;
}

export interface LyricsInfo {
  /** The decoded text, newlines normalized to \n, without a byte-order mark. */
  text: string;
  /** What the file was written in; the text is always stored as UTF-8. */
  encoding: 'utf-8' | 'gbk' | 'utf-16';
  format: 'lrc' | 'txt';
  /** LRC: one entry per time tag, in time order; TXT: the lines as written. */
  lines: LyricsLine[];
  /** LRC ID tags such as ar (artist), ti (title), al (album), by, offset; empty for TXT. */
  tags: Record<string, string>;
}

export interface VideoInfo {
  container: 'mp4' | 'mov';
  /** The ftyp major brand ('isom', 'qt  ', …); '' for a QuickTime file without ftyp. */
  brand: string;
}
