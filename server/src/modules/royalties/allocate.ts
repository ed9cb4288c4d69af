/**
 * Largest-remainder rounding: exact parts (rationals over a common denominator) become whole fen that add up to
 * exactly the rounded total. Each part gets its floor; the fen left over go one each to the parts with the
 * largest remainders (ties by position, so the result is the same on every run). Done on aggregates, never line by
 * line, so leftovers cannot pile up on one party (money.md §2, brick/money #55).
 */

/** floor(a / b) for bigint, b > 0 (BigInt division truncates toward zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/** round(a / b), halves away from zero, b > 0. */
export function roundDiv(a: bigint, b: bigint): bigint {
  const twice = 2n * a;
  return a >= 0n ? floorDiv(twice + b, 2n * b) : -floorDiv(-twice + b, 2n * b);
}

/** Parts' numerators over `denominator` → whole units summing to round(Σ numerators / denominator). */
export function allocateLargestRemainder(numerators: readonly bigint[], denominator: bigint): bigint[] {
  if (denominator <= 0n) throw new Error('denominator must be positive');
  const total = roundDiv(
    numerators.reduce((s, n) => s + n, 0n),
    denominator,
  );
  const floors = numerators.map((n) => floorDiv(n, denominator));
  let left = total - floors.reduce((s, f) => s + f, 0n);
  const order = numerators
    .map((n, i) => ({ i, rem: n - floors[i]! * denominator }))
    .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  const out = [...floors];
  for (const { i } of order) {
    if (left <= 0n) break;
    out[i]! += 1n;
    left -= 1n;
  }
  return out;
}
