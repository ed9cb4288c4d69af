import { describe, expect, it } from 'vitest';
import { isStrongPassword, PASSWORD_MAX, PASSWORD_MIN } from './password';

describe('isStrongPassword', () => {
  it('accepts 8 to 64 characters with a letter and a digit', () => {
    expect(isStrongPassword('Secret12')).toBe(true);
    expect(isStrongPassword('trackline2026')).toBe(true);
    expect(isStrongPassword('密码 with 1 space!')).toBe(true);
    expect(isStrongPassword(`a1${'x'.repeat(PASSWORD_MAX - 2)}`)).toBe(true);
  });

  it('refuses short or overlong passwords', () => {
    expect(isStrongPassword('Secre12')).toBe(false);
    expect('Secre12'.length).toBe(PASSWORD_MIN - 1);
    expect(isStrongPassword(`a1${'x'.repeat(PASSWORD_MAX - 1)}`)).toBe(false);
    expect(isStrongPassword('')).toBe(false);
  });

  it('refuses letters only and digits only', () => {
    expect(isStrongPassword('abcdefghij')).toBe(false);
    expect(isStrongPassword('1234567890')).toBe(false);
    expect(isStrongPassword('!!!!!!!!1')).toBe(false);
  });

  it('refuses the passwords everybody tries first, whatever the case', () => {
    for (const common of ['password1', 'Password1', 'ABC12345', 'qwerty123', 'Password123']) {
      expect(isStrongPassword(common), common).toBe(false);
    }
  });
});
