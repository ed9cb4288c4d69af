/**
 * Names in a delivery, after DDEX ERN Part 3 (cloud/SFTP choreography): the batch folder `N_<BatchId>` with BatchId
 * the batch's timestamp YYYYMMDDhhmmssnnn (UTC), a folder per release named by its ICPN holding `<ICPN>.xml` and
 * `resources/`, binaries named `<ICPN>_<TechnicalResourceReference>.<ext>`, and `BatchComplete_<BatchId>.xml` in the
 * batch root, written last.
 */
import type { ImageFile, ReleaseModel, TrackModel } from '../release-model';

/** YYYYMMDDhhmmssnnn in UTC: stores process batches in the order of these ids. */
export function batchIdFor(at: Date): string {
  const iso = at.toISOString(); // 2026-11-23T08:05:09.123Z
  return iso.slice(0, 23).replace(/[-:T.]/g, '');
}

/** N for a normal batch (P priority and L low priority exist; we send normal ones). */
export function batchFolderName(batchId: string): string {
  return `N_${batchId}`;
}

export function batchCompleteName(batchId: string): string {
  return `BatchComplete_${batchId}.xml`;
}

export function messageFileName(upc: string): string {
  return `${upc}.xml`;
}

/** A binary's path inside the release folder, as the message's File/URI names it. */
export function resourceFileName(release: ReleaseModel, of: { track: TrackModel } | { cover: ImageFile }): string {
  if ('track' in of) return `resources/${release.upc}_T${of.track.position}.${of.track.audio.ext}`;
  return `resources/${release.upc}_T${release.tracks.length + 1}.${of.cover.ext}`;
}

/** Every binary of the release with its path in the release folder, tracks in order then the cover. */
export function releaseFiles(
  release: ReleaseModel,
): Array<{ path: string; key: string; sizeBytes: number; sha256: string }> {
  return [
    ...release.tracks.map((track) => ({ path: resourceFileName(release, { track }), ...pick(track.audio) })),
    { path: resourceFileName(release, { cover: release.cover }), ...pick(release.cover) },
  ];
}

function pick(f: { key: string; sizeBytes: number; sha256: string }) {
  return { key: f.key, sizeBytes: f.sizeBytes, sha256: f.sha256 };
}
