import { describe, expect, it } from 'vitest';
import { compactMobile, isMainlandMobile, maskMobile } from './identifiers';

describe('compactMobile', () => {
  it('drops spaces, dashes and a +86 or 86 prefix', () => {
    expect(compactMobile('13800138000')).toBe('13800138000');
    expect(compactMobile('138 0013 8000')).toBe('13800138000');
    expect(compactMobile('138-0013-8000')).toBe('13800138000');
    expect(compactMobile('+86 138 0013 8000')).toBe('13800138000');
    expect(compactMobile('+8613800138000')).toBe('13800138000');
    expect(compactMobile('8613800138000')).toBe('13800138000');
  });

  it('keeps an 86 that is part of the number', () => {
    expect(compactMobile('86138001380')).toBe('86138001380');
    expect(compactMobile('+86123')).toBe('+86123');
  });
});

describe('isMainlandMobile', () => {
  it('accepts 11 digits starting 13 to 19, in any of the written forms', () => {
    for (const ok of ['13800138000', '19912345678', '15000000000', '+86 138 0013 8000', '86-138-0013-8000']) {
      expect(isMainlandMobile(ok), ok).toBe(true);
    }
  });

  it('refuses other numbers', () => {
    for (const bad of [
      '',
      '1380013800',
      '138001380001',
      '12800138000',
      '23800138000',
      '1380013800a',
      '+1 138 0013 8000',
      '+8712345678901',
    ]) {
      expect(isMainlandMobile(bad), bad).toBe(false);
    }
  });
});

describe('maskMobile', () => {
  it('hides the middle four digits of a mobile', () => {
    expect(maskMobile('13800138000')).toBe('138****8000');
  });

  it('leaves anything else as it is', () => {
    expect(maskMobile('12345')).toBe('12345');
  });
});
