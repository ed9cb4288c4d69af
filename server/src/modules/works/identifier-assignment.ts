/**
 * ISRC per track and UPC per release, assigned at final approval when the musician supplied none (issue 3).
 *
 * Numbers come from identifier_counters ('isrc:<yy>' per year of reference, 'upc'), drawn with one
 * INSERT … ON CONFLICT DO UPDATE … RETURNING inside the approving transaction: the counter row stays locked until
 * that transaction ends, so two approvals never draw the same number, and the counter only ever goes up, so a code
 * is never handed out twice — not even after the work that held it is deleted. (A transaction that rolls back
 * gives its number back with it: that code was never seen by anyone.) A code someone already supplied is skipped
 * and the next number drawn; the unique indexes on works.upc and work_tracks.isrc stand behind all of this.
 * Check digits come from the contract (makeIsrc, makeUpc).
 */
import { makeIsrc, makeUpc } from '@trackline/contract/identifiers';
import type { ReviewCodes } from '@trackline/contract/review-types';
import type { Config } from '../../config';
import type { Db } from '../../platform/db/database';
import { isrcInUse, nextCounterValue, releaseCodes, setTrackIsrc, setWorkUpc, upcInUse } from './review.repository';

export type IdentifierSettings = Config['identifiers'];

/** How many taken codes in a row are skipped before giving up (a sign the prefix is shared or misconfigured). */
const MAX_SKIPS = 1000;

/**
 * The first free code: draws numbers until `make(number)` is not `taken`. Pure apart from its callbacks, so the
 * rule (skip what is taken, never step back) is tested on its own.
 */
export async function drawFreeCode(
  draw: () => Promise<number>,
  make: (seq: number) => string,
  taken: (code: string) => Promise<boolean>,
): Promise<string> {
  for (let i = 0; i <= MAX_SKIPS; i++) {
    const code = make(await draw());
    if (!(await taken(code))) return code;
  }
  throw new Error(`no free code after ${MAX_SKIPS} taken ones in a row`);
}

/** The ISRC year of reference: the last two digits of the year the code is assigned in, China time (UTC+8). */
export function isrcYear(now: Date): string {
  const china = new Date(now.getTime() + 8 * 3_600_000);
  return String(china.getUTCFullYear() % 100).padStart(2, '0');
}

/** The counter an ISRC's designation number comes from: one per year of reference, as the codes restart yearly. */
export function isrcCounterName(year2: string): string {
  return `isrc:${year2}`;
}
export const UPC_COUNTER = 'upc';

export function drawIsrc(db: Db, settings: IdentifierSettings, now: Date): Promise<string> {
  const year = isrcYear(now);
  return drawFreeCode(
    () => nextCounterValue(db, isrcCounterName(year)),
    (seq) => makeIsrc(settings.isrcPrefix, year, seq),
    (code) => isrcInUse(db, code),
  );
}

export function drawUpc(db: Db, settings: IdentifierSettings): Promise<string> {
  return drawFreeCode(
    () => nextCounterValue(db, UPC_COUNTER),
    (seq) => makeUpc(settings.upcPrefix, seq, settings.upcLength),
    (code) => upcInUse(db, code),
  );
}

/**
 * Gives the release a UPC and each track an ISRC where they have none, in `db` — the approving transaction, with
 * the work's row locked FOR UPDATE so its tracks cannot change underneath. Answers every code the release now
 * carries, and which of them were assigned here.
 */
export async function assignMissingIdentifiers(
  db: Db,
  workId: number,
  settings: IdentifierSettings,
  now = new Date(),
): Promise<ReviewCodes> {
  const current = await releaseCodes(db, workId);
  let upc = current.upc || null;
  const assignedUpc = upc === null;
  if (upc === null) {
    upc = await drawUpc(db, settings);
    await setWorkUpc(db, workId, upc);
  }
  const tracks: ReviewCodes['tracks'] = [];
  const assignedIsrc: number[] = [];
  for (const t of current.tracks) {
    let isrc = t.isrc || null;
    if (isrc === null) {
      isrc = await drawIsrc(db, settings, now);
      await setTrackIsrc(db, t.id, isrc);
      assignedIsrc.push(t.id);
    }
    tracks.push({ track_id: t.id, position: t.position, isrc });
  }
  return { upc, tracks, assigned: { upc: assignedUpc, isrc_track_ids: assignedIsrc } };
}
