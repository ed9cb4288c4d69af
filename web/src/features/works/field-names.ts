/**
 * A pre-review issue's field path ('tracks.1.composer.0', 'cover') as the musician reads it: "Track 2 · Composer".
 */
import type { TFunction } from 'i18next';

const KNOWN = new Set([
  'title',
  'version',
  'primary_artists',
  'featured_artists',
  'genre',
  'language',
  'explicit',
  'original_release_date',
  'release_date',
  'label',
  'p_line',
  'c_line',
  'upc',
  'property',
  'wc_statement',
  'source',
  'cover',
  'tracks',
  'lyricist',
  'composer',
  'arranger',
  'producer',
  'isrc',
  'lyrics',
  'lyric',
  'audio',
  'music',
  'platforms',
  'territories',
  'signature',
]);

function name(t: TFunction, part: string): string {
  return KNOWN.has(part) ? t(`works.fieldNames.${part}` as 'works.fieldNames.title') : part;
}

export function fieldLabel(t: TFunction, field: string): string {
  const parts = field.split('.');
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const next = parts[i + 1];
    if (part === 'tracks' && next !== undefined && /^\d+$/.test(next)) {
      out.push(t('works.tracks.trackN', { n: Number(next) + 1 }));
      i += 1;
    } else if (/^\d+$/.test(part)) {
      out[out.length - 1] = `${out.at(-1) ?? ''} ${Number(part) + 1}`;
    } else {
      out.push(name(t, part));
    }
  }
  return out.join(' · ');
}
