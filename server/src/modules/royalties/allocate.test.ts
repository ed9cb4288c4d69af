import { describe, expect, it } from 'vitest';
import { allocateLargestRemainder, floorDiv, roundDiv } from './allocate';

/** A small deterministic generator, so a failing case can be replayed from its seed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('largest-remainder allocation', () => {
  it('floors and rounds like arithmetic, negatives included', () => {
    expect([floorDiv(7n, 2n), floorDiv(-7n, 2n), floorDiv(-8n, 2n)]).toEqual([3n, -4n, -4n]);
    expect([roundDiv(5n, 2n), roundDiv(-5n, 2n), roundDiv(4n, 3n), roundDiv(-4n, 3n)]).toEqual([3n, -3n, 1n, -1n]);
  });

  it('70/30 of 0.05 gives the leftover fen to the larger remainder, not to the first party', () => {
    // 5 fen × 30% = 1.5, × 70% = 3.5: one leftover fen, ties go by position.
    expect(allocateLargestRemainder([5n * 30n, 5n * 70n], 100n)).toEqual([2n, 3n]);
    expect(allocateLargestRemainder([10n * 33n, 10n * 33n, 10n * 34n], 100n)).toEqual([3n, 3n, 4n]);
  });

  it('over 2,000 random splits (positive and negative parts) the parts always sum to the rounded whole', () => {
    const next = rng(11);
    for (let run = 0; run < 2000; run++) {
      const n = 1 + Math.floor(next() * 12);
      const denominator = BigInt(1 + Math.floor(next() * 10_000));
      const parts = Array.from({ length: n }, () => BigInt(Math.floor((next() - 0.3) * 1e9)));
      const out = allocateLargestRemainder(parts, denominator);
      const whole = roundDiv(
        parts.reduce((s, p) => s + p, 0n),
        denominator,
      );
      expect(out.reduce((s, p) => s + p, 0n)).toBe(whole);
      // each part is within one unit of its exact value
      out.forEach((v, i) => {
        const exactFloor = floorDiv(parts[i]!, denominator);
        expect(v === exactFloor || v === exactFloor + 1n).toBe(true);
      });
    }
  });
});
