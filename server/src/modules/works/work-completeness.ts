/**
 * What step 1 must hold before a work moves on to the distribution scope (00 → 10), and what pre-review reports as
 * missing: one function for both, so "complete" and "nothing missing" never disagree.
 *
 * Required: title, a primary artist, genre, language, property, wcStatement, source and the cover; on every track a
 * title, a primary artist and the main audio. An original (property 1) also needs each track's composer, and its
 * lyricist unless the track is instrumental (its language, or the work's, is 'instrumental').
 */
import type { RuleIssue } from '@trackline/contract/works-types';

interface WorkFacts {
  title: string;
  primary_artists: readonly string[];
  genre: string | null;
  language: string | null;
  property: number | null;
  wc_statement: number | null;
  source: number | null;
}

interface TrackFacts {
  id: number;
  title: string;
  primary_artists: readonly string[];
  lyricist: readonly string[];
  composer: readonly string[];
  language: string | null;
}

interface MaterialFacts {
  track_id: number | null;
  kind: string;
}

const filled = (names: readonly string[]) => names.some((n) => n.trim() !== '');
const required = (field: string): RuleIssue => ({ rule: 'field.required', field, severity: 'error' });

export function requiredIssues(
  work: WorkFacts,
  tracks: readonly TrackFacts[],
  materials: readonly MaterialFacts[],
): RuleIssue[] {
  const out: RuleIssue[] = [];
  if (work.title.trim() === '') out.push(required('title'));
  if (!filled(work.primary_artists)) out.push(required('primary_artists'));
  if (!work.genre) out.push(required('genre'));
  if (!work.language) out.push(required('language'));
  if (work.property === null) out.push(required('property'));
  if (work.wc_statement === null) out.push(required('wc_statement'));
  if (work.source === null) out.push(required('source'));
  if (!materials.some((m) => m.kind === 'cover')) out.push(required('cover'));
  tracks.forEach((t, i) => {
    const base = `tracks.${i}`;
    if (t.title.trim() === '') out.push(required(`${base}.title`));
    if (!filled(t.primary_artists)) out.push(required(`${base}.primary_artists`));
    if (!materials.some((m) => m.kind === 'music' && m.track_id === t.id)) out.push(required(`${base}.audio`));
    if (work.property === 1) {
      const instrumental = (t.language ?? work.language) === 'instrumental';
      if (!instrumental && !filled(t.lyricist))
        out.push({
          rule: 'rights.original_credits',
          field: `${base}.lyricist`,
          severity: 'error',
          params: { role: 'lyricist' },
        });
      if (!filled(t.composer))
        out.push({
          rule: 'rights.original_credits',
          field: `${base}.composer`,
          severity: 'error',
          params: { role: 'composer' },
        });
    }
  });
  return out;
}

export function isComplete(
  work: WorkFacts,
  tracks: readonly TrackFacts[],
  materials: readonly MaterialFacts[],
): boolean {
  return tracks.length > 0 && requiredIssues(work, tracks, materials).length === 0;
}
