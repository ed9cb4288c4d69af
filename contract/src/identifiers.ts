/**
 * Identifiers validated once, here (DESIGN.md): compact → validate.
 * Mainland China mobile numbers: 11 digits, 1 then 3–9, with an optional +86/86 prefix and spaces or dashes.
 */
import type { RuleIssue } from './works-types';

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

// ---- Recording and release codes: ISRC per track, UPC/EAN per release (issue 3) ----

/** "us-rc1 76 07839" → "USRC17607839": hyphens and spaces dropped, upper case. */
export function normalizeIsrc(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * ISRC (ISO 3901): CC-XXX-YY-NNNNN — country code (2 letters), registrant (3 letters or digits), year (2 digits),
 * designation (5 digits); 12 characters without the hyphens. Written with or without hyphens, any case.
 * It has no check digit.
 */
export function isValidIsrc(input: string): boolean {
  return /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(normalizeIsrc(input));
}

/** USRC17607839 → US-RC1-76-07839, for display. */
export function formatIsrc(isrc: string): string {
  const s = normalizeIsrc(isrc);
  return s.length === 12 ? `${s.slice(0, 2)}-${s.slice(2, 5)}-${s.slice(5, 7)}-${s.slice(7)}` : isrc;
}

/**
 * An ISRC from a registrant prefix (CC + XXX, e.g. "CNA12"), the two-digit year of reference and a designation
 * number, 0–99999 (5 digits). Throws when any part does not fit: codes are never truncated or reused.
 */
export function makeIsrc(prefix: string, year2: string, seq: number): string {
  const p = normalizeIsrc(prefix);
  if (!/^[A-Z]{2}[A-Z0-9]{3}$/.test(p)) throw new RangeError(`ISRC prefix must be CC + 3 letters or digits: ${prefix}`);
  if (!/^\d{2}$/.test(year2)) throw new RangeError(`ISRC year must be 2 digits: ${year2}`);
  if (!Number.isSafeInteger(seq) || seq < 0 || seq > 99_999)
    throw new RangeError(`ISRC designation must be 0–99999: ${seq}`);
  return `${p}${year2}${String(seq).padStart(5, '0')}`;
}

/** "0 36000 29145-2" → "036000291452". */
export function normalizeUpc(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/**
 * The GS1 check digit of a code without its check digit (UPC-A: 11 digits, EAN-13: 12): from the right, digits are
 * weighted 3, 1, 3, 1…; the check digit brings the sum up to a multiple of 10.
 */
export function gs1CheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new RangeError(`GS1 digits expected: ${digits}`);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(digits.length - 1 - i) - 48;
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10;
}

/** UPC-A (12 digits) or EAN-13 (13), with a right check digit; spaces and hyphens allowed. */
export function isValidUpc(input: string): boolean {
  const s = normalizeUpc(input);
  if (!/^(?:\d{12}|\d{13})$/.test(s)) return false;
  return gs1CheckDigit(s.slice(0, -1)) === Number(s.at(-1));
}

/**
 * A release code from a GS1 company prefix and an item number: the item number fills the digits between the prefix
 * and the check digit (zero-padded). UPC-A (12 digits) by default, EAN-13 for a 13-digit code (e.g. a GS1 China
 * prefix 69…). Throws when the prefix leaves no room or the item number does not fit.
 */
export function makeUpc(companyPrefix: string, seq: number, length: 12 | 13 = 12): string {
  const prefix = normalizeUpc(companyPrefix);
  if (!/^\d+$/.test(prefix) || prefix.length < 6 || prefix.length > length - 2)
    throw new RangeError(`UPC company prefix must be 6–${length - 2} digits: ${companyPrefix}`);
  const width = length - 1 - prefix.length;
  if (!Number.isSafeInteger(seq) || seq < 0 || seq >= 10 ** width)
    throw new RangeError(`UPC item number must be 0–${10 ** width - 1} after prefix ${prefix}: ${seq}`);
  const body = prefix + String(seq).padStart(width, '0');
  return body + String(gs1CheckDigit(body));
}

/** Pre-review of a user-supplied ISRC (empty means "assign one at approval": no issue). */
export function isrcIssues(value: string | null | undefined, field: string): RuleIssue[] {
  const v = (value ?? '').trim();
  if (v === '' || isValidIsrc(v)) return [];
  return [{ rule: 'isrc.format', field, severity: 'error', params: { value: v } }];
}

/** Pre-review of a user-supplied UPC/EAN (empty means "assign one at approval": no issue). */
export function upcIssues(value: string | null | undefined, field: string): RuleIssue[] {
  const v = (value ?? '').trim();
  if (v === '') return [];
  const s = normalizeUpc(v);
  if (!/^(?:\d{12}|\d{13})$/.test(s)) return [{ rule: 'upc.format', field, severity: 'error', params: { value: v } }];
  const expected = gs1CheckDigit(s.slice(0, -1));
  if (expected === Number(s.at(-1))) return [];
  return [{ rule: 'upc.check_digit', field, severity: 'error', params: { value: v, expected } }];
}
