import { describe, expect, it } from 'vitest';
import {
  compactMobile,
  formatIsrc,
  gs1CheckDigit,
  isMainlandMobile,
  isrcIssues,
  isValidIsrc,
  isValidUpc,
  makeIsrc,
  makeUpc,
  maskMobile,
  normalizeIsrc,
  upcIssues,
} from './identifiers';
import { isKnownRule, ruleText } from './rule-texts';

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

describe('ISRC', () => {
  it('normalizes: hyphens and spaces dropped, upper case', () => {
    expect(normalizeIsrc('us-rc1-76-07839')).toBe('USRC17607839');
    expect(normalizeIsrc(' US RC1 76 07839 ')).toBe('USRC17607839');
    expect(formatIsrc('usrc17607839')).toBe('US-RC1-76-07839');
  });

  it('accepts CC-XXX-YY-NNNNN written with or without hyphens', () => {
    for (const ok of ['USRC17607839', 'US-RC1-76-07839', 'cn-a12-24-00001', 'GBAYE0601498', 'QZES72500001'])
      expect(isValidIsrc(ok), ok).toBe(true);
  });

  it('refuses other shapes', () => {
    for (const bad of [
      '',
      'USRC1760783',
      'USRC176078390',
      '1SRC17607839',
      'US-RC1-7A-07839',
      'USRC1760783X',
      'US_RC17607839',
    ])
      expect(isValidIsrc(bad), bad).toBe(false);
  });

  it('makes an ISRC from the registrant prefix, year and a 5-digit designation', () => {
    expect(makeIsrc('CNA12', '26', 1)).toBe('CNA122600001');
    expect(makeIsrc('cn-a12', '26', 99_999)).toBe('CNA122699999');
    expect(isValidIsrc(makeIsrc('QZES7', '25', 42))).toBe(true);
  });

  it('throws rather than truncate or reuse', () => {
    expect(() => makeIsrc('CNA12', '26', 100_000)).toThrow(RangeError);
    expect(() => makeIsrc('CNA12', '26', -1)).toThrow(RangeError);
    expect(() => makeIsrc('CNA12', '26', 1.5)).toThrow(RangeError);
    expect(() => makeIsrc('CN12', '26', 1)).toThrow(RangeError);
    expect(() => makeIsrc('CNA12', '2026', 1)).toThrow(RangeError);
  });
});

describe('GS1 check digits, UPC-A and EAN-13', () => {
  it('computes the check digit from the right (GS1 vectors)', () => {
    expect(gs1CheckDigit('03600029145')).toBe(2);
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('01234567890')).toBe(5);
    expect(gs1CheckDigit('629104150021')).toBe(3);
    expect(() => gs1CheckDigit('12a')).toThrow(RangeError);
  });

  it('accepts valid UPC-A and EAN-13 codes', () => {
    for (const ok of ['036000291452', '4006381333931', '012345678905', '0 36000 29145 2', '6291041500213'])
      expect(isValidUpc(ok), ok).toBe(true);
  });

  it('refuses a wrong check digit and wrong lengths', () => {
    for (const bad of [
      '036000291453',
      '4006381333932',
      '012345678900',
      '03600029145',
      '40063813339310',
      'abcdefghijkl',
      '',
    ])
      expect(isValidUpc(bad), bad).toBe(false);
  });

  it('makes a UPC-A by filling the digits between the company prefix and the check digit', () => {
    expect(makeUpc('036000', 29145)).toBe('036000291452');
    expect(makeUpc('0123456', 7890)).toBe('012345678905');
    expect(makeUpc('036000', 1)).toBe(`03600000001${gs1CheckDigit('03600000001')}`);
    expect(isValidUpc(makeUpc('6901234', 999, 13))).toBe(true);
    expect(makeUpc('400638', 133393, 13)).toBe('4006381333931');
  });

  it('throws when the item number does not fit after the prefix', () => {
    expect(() => makeUpc('036000', 100_000)).toThrow(RangeError);
    expect(() => makeUpc('0123456789', 10)).toThrow(RangeError);
    expect(() => makeUpc('01234567890', 0)).toThrow(RangeError);
    expect(() => makeUpc('12345', 1)).toThrow(RangeError);
    expect(() => makeUpc('036000', -1)).toThrow(RangeError);
  });
});

describe('ISRC and UPC pre-review issues', () => {
  const texts = (rule: string) => {
    expect(isKnownRule(rule)).toBe(true);
    expect(ruleText(rule, 'zh-CN').length).toBeGreaterThan(0);
    expect(ruleText(rule, 'en').length).toBeGreaterThan(0);
  };

  it('has nothing to say about an empty code (one is assigned at approval) or a valid one', () => {
    expect(isrcIssues('', 'tracks.0.isrc')).toEqual([]);
    expect(isrcIssues(null, 'tracks.0.isrc')).toEqual([]);
    expect(isrcIssues('US-RC1-76-07839', 'tracks.0.isrc')).toEqual([]);
    expect(upcIssues(undefined, 'upc')).toEqual([]);
    expect(upcIssues('036000291452', 'upc')).toEqual([]);
  });

  it('names the format and check-digit rules', () => {
    const isrc = isrcIssues('US-RC1-76', 'tracks.0.isrc');
    expect(isrc).toEqual([
      { rule: 'isrc.format', field: 'tracks.0.isrc', severity: 'error', params: { value: 'US-RC1-76' } },
    ]);
    texts('isrc.format');
    expect(upcIssues('12345', 'upc')[0]!.rule).toBe('upc.format');
    texts('upc.format');
    expect(upcIssues('036000291453', 'upc')).toEqual([
      { rule: 'upc.check_digit', field: 'upc', severity: 'error', params: { value: '036000291453', expected: 2 } },
    ]);
    texts('upc.check_digit');
  });
});
