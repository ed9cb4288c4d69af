import { describe, expect, it } from 'vitest';
import {
  adultOn,
  ageFromIdNumber,
  ageOn,
  chinaToday,
  creditCodeCheckCharacter,
  creditCodeProblem,
  idBirthDate,
  idCheckCharacter,
  idNumberProblem,
  isValidCreditCode,
  isValidIdNumber,
  maskCreditCode,
  maskIdNumber,
  maskName,
} from './identity';

/** Builds a valid number from its first 17 digits (region 110105, a birth date, a sequence). */
const withCheck = (first17: string) => first17 + idCheckCharacter(first17);

describe('resident ID number (GB 11643, ISO 7064 MOD 11-2)', () => {
  it('accepts the standard’s own examples, X as the check character included', () => {
    expect(idCheckCharacter('11010519491231002')).toBe('X');
    expect(isValidIdNumber('11010519491231002X')).toBe(true);
    expect(isValidIdNumber('11010519491231002x')).toBe(true);
    expect(idCheckCharacter('44052418800101001')).toBe('4');
    // its check character is right, but no living holder was born before 1900
    expect(idNumberProblem('440524188001010014')).toBe('birth_date');
  });

  it('refuses a wrong check character, a transposition, a bad date and a bad shape', () => {
    expect(idNumberProblem('110105194912310021')).toBe('check');
    expect(idNumberProblem('110105194912310120')).not.toBeNull();
    expect(idNumberProblem(withCheck('11010519490231002'))).toBe('birth_date'); // 31 February
    expect(idNumberProblem(withCheck('11010518991231002'))).toBe('birth_date'); // before 1900
    expect(idNumberProblem('11010519491231002')).toBe('format');
    expect(idNumberProblem('1101051949123100XX')).toBe('format');
    expect(idNumberProblem(withCheck('11010520991231002'), '2026-11-26')).toBe('birth_date'); // not born yet
  });

  it('reads the birth date and the age in whole years, turning N on the birthday', () => {
    expect(idBirthDate('11010519491231002X')).toBe('1949-12-31');
    const child = withCheck('11010520100307153');
    expect(ageFromIdNumber(child, '2026-11-26')).toBe(16);
    expect(ageFromIdNumber(child, '2028-03-06')).toBe(17);
    expect(ageFromIdNumber(child, '2028-03-07')).toBe(18);
    expect(ageFromIdNumber('110105194912310021', '2026-11-26')).toBeNull();
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(adultOn('2010-03-07')).toBe('2028-03-07');
    expect(adultOn('2008-02-29')).toBe('2026-03-01');
  });

  it('uses China’s date', () => {
    expect(chinaToday(new Date('2026-11-26T16:30:00Z'))).toBe('2026-11-27');
    expect(chinaToday(new Date('2026-11-26T15:59:00Z'))).toBe('2026-11-26');
  });

  it('masks: region and last four of a number, the first character of a name', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110105********002X');
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳娜娜')).toBe('欧***');
  });
});

describe('unified social credit code (GB 32100, MOD 31)', () => {
  it('accepts a real-format code and computes its check character', () => {
    expect(creditCodeCheckCharacter('91350100M000100Y4')).toBe('3');
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
    expect(isValidCreditCode('91350100m000100y43')).toBe(true);
    // a check character of value 0 (31 − 0 wraps to 0)
    for (let n = 0; n < 400; n++) {
      const first17 = `9111000010${String(n).padStart(7, '0')}`;
      if (creditCodeCheckCharacter(first17) === '0') {
        expect(isValidCreditCode(`${first17}0`)).toBe(true);
        break;
      }
    }
  });

  it('refuses a wrong check character, letters outside the charset and a bad shape', () => {
    expect(creditCodeProblem('91350100M000100Y44')).toBe('check');
    expect(creditCodeProblem('91350100M000100I43')).toBe('format'); // I is not in the charset
    expect(creditCodeProblem('9135010OM000100Y43')).toBe('format'); // the region is six digits
    expect(creditCodeProblem('91350100M000100Y4')).toBe('format');
    expect(maskCreditCode('91350100M000100Y43')).toBe('9135***********Y43');
  });
});
