/**
 * Identifiers validated once, here (DESIGN.md): compact → validate.
 * Mainland China mobile numbers: 11 digits, 1 then 3–9, with an optional +86/86 prefix and spaces or dashes.
 */
export function compactMobile(input: string): string {
  const digits = input.replace(/[\s-]/g, '');
  return digits.replace(/^(\+?86)(?=1\d{10}$)/, '');
}

export function isMainlandMobile(input: string): boolean {
  return /^1[3-9]\d{9}$/.test(compactMobile(input));
}

/** Shown wherever a mobile appears to someone other than its owner: 138****0000. */
export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}
