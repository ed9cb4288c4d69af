/**
 * Gate 3: each store's own rules, beyond the standard. A store names its rule pack in the platforms table
 * (platforms.rule_pack); the packs are here, with where each rule comes from. Checked on the release model and the
 * message's action, before anything is uploaded.
 *
 * Rules: store.release_type, store.p_line, store.c_line, store.purge, store.audio_codec, store.audio_format,
 * store.cover_size, store.max_tracks, store.deals.
 */
import type { AudioFile, DealTerms, MessageAction, ReleaseModel, ReleaseType } from '../release-model';
import { type GateIssue, issue } from './gate-result';

export interface StoreRules {
  releaseTypes: readonly ReleaseType[];
  requirePLine: boolean;
  requireCLine: boolean;
  /** Whether a PurgeReleaseMessage may be sent at all (Spotify: "We don't accept PurgeReleaseMessage as a takedown"). */
  acceptsPurge: boolean;
  audioCodecs: readonly AudioFile['codec'][];
  /** Lossless masters only: at least this sample rate and bit depth. */
  minSampleRateHz: number;
  minBitsPerSample: number;
  minCoverPx: number;
  maxTracks: number;
}

const GENERIC: StoreRules = {
  releaseTypes: ['Album', 'EP', 'Single'],
  requirePLine: false,
  requireCLine: false,
  acceptsPurge: true,
  audioCodecs: ['PCM', 'FLAC'],
  minSampleRateHz: 44_100,
  minBitsPerSample: 16,
  minCoverPx: 1400,
  maxTracks: 500,
};

/**
 * The packs. Spotify: ERN 4.3, P and C lines, no purge as takedown, 3000 px covers (providersupport, step 1 and 3).
 * YouTube: Audio Album or Single profiles; a BatchComplete marker (answer 3503737). Chinese stores take bilateral
 * formats of their own; their pack asks for the 3000×3000 cover and 44.1 kHz/16-bit WAV the CN aggregators ask for.
 */
export const RULE_PACKS: Record<string, StoreRules> = {
  generic: GENERIC,
  spotify: { ...GENERIC, requirePLine: true, requireCLine: true, acceptsPurge: false, minCoverPx: 3000 },
  youtube: { ...GENERIC, minCoverPx: 1400 },
  cn: { ...GENERIC, requirePLine: true, requireCLine: true, acceptsPurge: false, minCoverPx: 3000 },
};

export function rulePack(name: string): StoreRules {
  return RULE_PACKS[name] ?? GENERIC;
}

/** The store rules a message about this release breaks. */
export function checkStoreRules(
  rules: StoreRules,
  release: ReleaseModel,
  action: MessageAction,
  deals: readonly DealTerms[],
): GateIssue[] {
  const issues: GateIssue[] = [];
  const add = (rule: string, at: string, detail: string) => issues.push(issue('store', rule, at, detail));
  if (action === 'purge') {
    if (!rules.acceptsPurge) add('store.purge', 'action', 'this store takes a takedown, never a purge');
    return issues;
  }
  if (!rules.releaseTypes.includes(release.releaseType)) add('store.release_type', 'releaseType', release.releaseType);
  if (rules.requirePLine && !release.pLine) add('store.p_line', 'p_line', 'the store needs a ℗ line');
  if (rules.requireCLine && !release.cLine) add('store.c_line', 'c_line', 'the store needs a © line');
  if (release.tracks.length > rules.maxTracks)
    add('store.max_tracks', 'tracks', `${release.tracks.length} > ${rules.maxTracks}`);
  for (const t of release.tracks) {
    const at = `tracks.${t.position - 1}.audio`;
    if (!rules.audioCodecs.includes(t.audio.codec)) add('store.audio_codec', at, t.audio.codec);
    else if (
      t.audio.sampleRateHz < rules.minSampleRateHz ||
      (t.audio.bitsPerSample ?? 0) < rules.minBitsPerSample ||
      t.audio.channels !== 2
    )
      add('store.audio_format', at, `${t.audio.sampleRateHz} Hz, ${t.audio.bitsPerSample} bit, ${t.audio.channels} ch`);
  }
  const side = Math.min(release.cover.width, release.cover.height);
  if (side < rules.minCoverPx || release.cover.width !== release.cover.height)
    add(
      'store.cover_size',
      'cover',
      `${release.cover.width}×${release.cover.height}, needs ${rules.minCoverPx}² square`,
    );
  if (action !== 'takedown' && deals.length === 0) add('store.deals', 'deals', 'no deal: the store would not sell it');
  return issues;
}
