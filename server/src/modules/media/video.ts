/**
 * Music videos judged by their container (ISO base media file format): the leading 'ftyp' box names the brand.
 * 'qt  ' is QuickTime (MOV); isom, iso2–iso9, mp41, mp42, avc1, … are MP4 — as the major brand, or, for a major
 * brand of a camera maker (XAVC, …), as a compatible one. An old QuickTime file may start with no ftyp at all, with
 * a moov, mdat, wide, free or skip atom instead. Audio-only (M4A), 3GP and HEIF files are not videos for stores.
 * Whether the tracks inside are H.264/ProRes is the editor's call (it takes parsing moov, often at the end).
 */
import type { RuleRefusal, VideoInfo } from '@trackline/contract/works-types';
import { refusal } from './refusal';

const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'f4v ',
  'mp71',
  'dash',
  'MSNV',
]);
/** Major brands of files that are ISO media but not videos, even when they list isom/mp42 as compatible. */
const NOT_VIDEO_BRANDS = /^(?:M4A |M4B |M4P |3g|heic|heix|heim|heis|hevc|mif1|msf1|avif|avis|crx )/;
const MOV_BRAND = 'qt  ';
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip']);

function container(brand: string): VideoInfo['container'] | null {
  if (brand === MOV_BRAND) return 'mov';
  if (MP4_BRANDS.has(brand)) return 'mp4';
  return null;
}

/** The container of a video file from its first bytes, or 'video.format'. */
export function analyzeVideo(head: Buffer, field = 'video'): VideoInfo | RuleRefusal {
  if (head.length < 8) return refusal('video.format', field);
  const size = head.readUInt32BE(0);
  const type = head.toString('latin1', 4, 8);
  if (type === 'ftyp') {
    // major brand, minor version, then compatible brands to the end of the box (which must be sane)
    if (size < 16 || size > 4096 || (size - 16) % 4 !== 0 || head.length < size) return refusal('video.format', field);
    const major = head.toString('latin1', 8, 12);
    if (NOT_VIDEO_BRANDS.test(major)) return refusal('video.format', field);
    const byMajor = container(major);
    if (byMajor) return { container: byMajor, brand: major };
    for (let at = 16; at + 4 <= size; at += 4) {
      const found = container(head.toString('latin1', at, at + 4));
      if (found) return { container: found, brand: major };
    }
    return refusal('video.format', field);
  }
  // a QuickTime file without ftyp: a known first atom of a plausible size (0 = to the end, 1 = 64-bit size)
  if (QUICKTIME_ATOMS.has(type) && (size <= 1 || size >= 8)) return { container: 'mov', brand: '' };
  return refusal('video.format', field);
}
