/**
 * The minimum password strength: 8–64 characters with at least one letter and one digit,
 * and not one of the passwords everybody tries first.
 */
const COMMON = new Set(['password1', 'abc12345', 'a1234567', 'qwerty123', '12345678a', 'aa123456', 'password123']);

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export function isStrongPassword(pw: string): boolean {
  if (pw.length < PASSWORD_MIN || pw.length > PASSWORD_MAX) return false;
  if (!/[A-Za-z]/.test(pw) || !/\d/.test(pw)) return false;
  return !COMMON.has(pw.toLowerCase());
}
