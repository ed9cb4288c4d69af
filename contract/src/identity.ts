/**
 * Real names (issue 10): the checks on a resident identity card number (GB 11643-1999: 18 characters, the last an
 * ISO 7064 MOD 11-2 check character, the birth date inside it) and on a unified social credit code (GB 32100-2015:
 * 18 characters, the last a MOD 31 check character), the age an ID number shows, and how numbers are masked.
 * Shared by the server (which decides) and the web forms (which say what is wrong before sending).
 */

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECKS = '10X98765432';

/** Upper case, spaces removed (a pasted number keeps its lower-case x or spaces). */
export function normalizeIdNumber(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** The ISO 7064 MOD 11-2 check character of the first 17 digits. */
export function idCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECKS[sum % 11]!;
}

/** The birth date inside an 18-character ID number, as YYYY-MM-DD, or null when it is not a real date. */
export function idBirthDate(id: string): string | null {
  const m = /^\d{6}(\d{4})(\d{2})(\d{2})\d{3}[\dX]$/.exec(id);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  if (y < 1900) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

export type IdNumberProblem = 'format' | 'birth_date' | 'check';

/** What is wrong with an ID number (normalized), or null when it is a valid one born on or before `today`. */
export function idNumberProblem(id: string, today = chinaToday()): IdNumberProblem | null {
  if (!/^\d{17}[\dX]$/.test(id)) return 'format';
  const birth = idBirthDate(id);
  if (!birth || birth > today) return 'birth_date';
  if (idCheckCharacter(id.slice(0, 17)) !== id[17]) return 'check';
  return null;
}

export function isValidIdNumber(id: string, today = chinaToday()): boolean {
  return idNumberProblem(normalizeIdNumber(id), today) === null;
}

/** Today's date in China (Asia/Shanghai, UTC+8 all year), YYYY-MM-DD. */
export function chinaToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** Full years between a birth date and a day (both YYYY-MM-DD): one turns N on the birthday itself. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age;
}

export const ADULT_AGE = 18;
/** Under this age a child's personal information is sensitive under PIPL art. 28/31. */
export const PIPL_CHILD_AGE = 14;

/** The age an ID number shows on `today`, or null for an invalid number. */
export function ageFromIdNumber(id: string, today = chinaToday()): number | null {
  const normalized = normalizeIdNumber(id);
  if (idNumberProblem(normalized, today) !== null) return null;
  return ageOn(idBirthDate(normalized)!, today);
}

/** The day an ID's holder turns 18 (YYYY-MM-DD); a 29 February birthday comes of age on 1 March. */
export function adultOn(birthDate: string): string {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + ADULT_AGE, m - 1, d));
  return date.toISOString().slice(0, 10);
}

/** 110105********002X: the region and the last four stay, the birth date never shows. */
export function maskIdNumber(id: string): string {
  if (id.length < 10) return '*'.repeat(id.length);
  return `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}`;
}

/** 张*, 欧阳**, J*** S****: the first character of a name stays. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('');
  return (
    chars[0] +
    chars
      .slice(1)
      .map((c) => (c === ' ' ? ' ' : '*'))
      .join('')
  );
}

// ---- unified social credit code (GB 32100-2015) ----

/** The 31 characters a credit code is written in: digits and capitals without I, O, S, V, Z. */
export const USCC_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

export function normalizeCreditCode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** The check character of the first 17 characters, or null when one is outside the charset. */
export function creditCodeCheckCharacter(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = USCC_CHARSET.indexOf(first17[i] ?? '');
    if (value < 0) return null;
    sum += value * USCC_WEIGHTS[i]!;
  }
  return USCC_CHARSET[(31 - (sum % 31)) % 31]!;
}

export type CreditCodeProblem = 'format' | 'check';

export function creditCodeProblem(code: string): CreditCodeProblem | null {
  // registration authority (1 character), kind (1), region (6 digits), organization code (9), check (1)
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return 'format';
  if (creditCodeCheckCharacter(code.slice(0, 17)) !== code[17]) return 'check';
  return null;
}

export function isValidCreditCode(code: string): boolean {
  return creditCodeProblem(normalizeCreditCode(code)) === null;
}

/** 9135**********Y43-style: the first four and the last three stay. */
export function maskCreditCode(code: string): string {
  if (code.length < 8) return '*'.repeat(code.length);
  return `${code.slice(0, 4)}${'*'.repeat(code.length - 7)}${code.slice(-3)}`;
}
