import { isValidIsrc, isValidUpc, makeIsrc, makeUpc } from '@trackline/contract/identifiers';
import { describe, expect, it } from 'vitest';
import { type ConfigError, loadConfig } from '../../config';
import { drawFreeCode, isrcCounterName, isrcYear } from './identifier-assignment';

/** A counter that only goes up, and a set of codes already in use: the two things drawFreeCode relies on. */
function counter(start = 0) {
  let value = start;
  const drawn: number[] = [];
  return {
    drawn,
    draw: async () => {
      value += 1;
      drawn.push(value);
      return value;
    },
  };
}

describe('drawFreeCode', () => {
  it('uses the next number when its code is free', async () => {
    const c = counter();
    const code = await drawFreeCode(
      c.draw,
      (n) => `C${n}`,
      async () => false,
    );
    expect(code).toBe('C1');
    expect(c.drawn).toEqual([1]);
  });

  it('skips codes already in use and never steps back', async () => {
    const c = counter(4);
    const used = new Set(['C5', 'C6']);
    const taken = async (code: string) => used.has(code);
    expect(await drawFreeCode(c.draw, (n) => `C${n}`, taken)).toBe('C7');
    // The skipped numbers stay spent: the next code comes after.
    expect(await drawFreeCode(c.draw, (n) => `C${n}`, taken)).toBe('C8');
    expect(c.drawn).toEqual([5, 6, 7, 8]);
  });

  it('gives up instead of looping forever when every code is taken', async () => {
    const c = counter();
    await expect(
      drawFreeCode(
        c.draw,
        (n) => `C${n}`,
        async () => true,
      ),
    ).rejects.toThrow(/no free code/);
  });

  it('lets a code that cannot be made (a counter past the prefix’s range) fail the approval', async () => {
    const c = counter(99_999);
    await expect(
      drawFreeCode(
        c.draw,
        (n) => {
          if (n > 99_999) throw new RangeError('designation');
          return String(n);
        },
        async () => false,
      ),
    ).rejects.toThrow(RangeError);
  });
});

describe('isrcYear', () => {
  it('is the year in China time, two digits', () => {
    expect(isrcYear(new Date('2026-06-01T12:00:00Z'))).toBe('26');
    // 17:00 UTC on New Year's Eve is already 1 January in Beijing.
    expect(isrcYear(new Date('2026-12-31T17:00:00Z'))).toBe('27');
    expect(isrcYear(new Date('2026-12-31T15:59:59Z'))).toBe('26');
    expect(isrcYear(new Date('2105-03-01T00:00:00Z'))).toBe('05');
    expect(isrcCounterName('26')).toBe('isrc:26');
  });
});

describe('identifier settings', () => {
  it('has placeholder defaults that make valid codes', () => {
    const { identifiers } = loadConfig({});
    expect(identifiers).toEqual({ isrcPrefix: 'CNA12', upcPrefix: '0888888', upcLength: 12 });
    expect(isValidIsrc(makeIsrc(identifiers.isrcPrefix, '26', 1))).toBe(true);
    expect(makeUpc(identifiers.upcPrefix, 1, identifiers.upcLength)).toBe('088888800011');
    expect(isValidUpc(makeUpc(identifiers.upcPrefix, 9999, identifiers.upcLength))).toBe(true);
  });

  it('accepts a registrant prefix written with a hyphen or in lower case, and an EAN-13 company prefix', () => {
    const { identifiers } = loadConfig({
      ISRC_REGISTRANT_PREFIX: 'cn-x9z',
      UPC_COMPANY_PREFIX: '690123456',
      UPC_CODE_LENGTH: '13',
    });
    expect(identifiers).toEqual({ isrcPrefix: 'CNX9Z', upcPrefix: '690123456', upcLength: 13 });
  });

  it('refuses prefixes that cannot make codes, naming the setting', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (e) {
        return (e as ConfigError).problems;
      }
    };
    expect(problems({ ISRC_REGISTRANT_PREFIX: 'C1A12' })[0]).toMatch(/^ISRC_REGISTRANT_PREFIX/);
    expect(problems({ ISRC_REGISTRANT_PREFIX: 'CNA123' })[0]).toMatch(/^ISRC_REGISTRANT_PREFIX/);
    expect(problems({ UPC_COMPANY_PREFIX: '08888a' })[0]).toMatch(/^UPC_COMPANY_PREFIX/);
    expect(problems({ UPC_COMPANY_PREFIX: '12345678901' })[0]).toMatch(/^UPC_COMPANY_PREFIX: leaves no room/);
    expect(problems({ UPC_COMPANY_PREFIX: '12345678901', UPC_CODE_LENGTH: '13' })).toEqual([]);
    expect(problems({ UPC_CODE_LENGTH: '14' })[0]).toMatch(/^UPC_CODE_LENGTH/);
  });
});
