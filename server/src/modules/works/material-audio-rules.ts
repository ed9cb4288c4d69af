/**
 * Which audio rules a work's audio material is held to, by its kind: the main audio all of them (lossless, at least
 * 30 s…); accompaniment and karaoke may be lossy (a warning); a short audio may be short. Pre-review judges the
 * work with them, and each material of a work carries its own issues (work-detail.ts), known from the analysis
 * stored at upload, so the portal shows them on the file's row as soon as it is attached (issue 9).
 */
import type { AudioInfo, RuleIssue } from '@trackline/contract/works-types';
import { type AudioRuleOptions, audioIssues } from '../media/audio';

const RULES_BY_KIND: Record<string, AudioRuleOptions> = {
  music: {},
  accompany: { lossless: false },
  karaoke: { lossless: false },
  short_audio: { lossless: false, minDurationSec: 0 },
};

/** The rule options of an audio material kind; undefined for a kind that is not audio. */
export function audioRuleOptions(kind: string): AudioRuleOptions | undefined {
  return RULES_BY_KIND[kind];
}

/** The analysis stored with an audio file, if `meta` is one (older or foreign rows may hold anything). */
function audioInfoOf(meta: unknown): AudioInfo | null {
  if (typeof meta !== 'object' || meta === null) return null;
  const m = meta as Record<string, unknown>;
  return typeof m.format === 'string' && typeof m.sampleRate === 'number' && typeof m.durationSec === 'number'
    ? (meta as AudioInfo)
    : null;
}

/** A material's own audio issues from its stored analysis (none for other kinds or without an analysis). */
export function materialAudioIssues(kind: string, meta: unknown, field: string): RuleIssue[] {
  const options = audioRuleOptions(kind);
  const info = audioInfoOf(meta);
  return options && info ? audioIssues(info, field, options) : [];
}
