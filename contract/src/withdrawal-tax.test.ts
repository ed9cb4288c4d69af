import { describe, expect, it } from 'vitest';
import { maskCard, taxableOf, taxOnIncome, withdrawalFigures, yuanToFen } from './withdrawal-tax';

const y = (yuan: string) => yuanToFen(yuan)!;

describe('劳务报酬 withholding on one withdrawal', () => {
  it.each([
    ['0.01', '0'],
    ['800', '0'],
    ['800.01', '0'], // 0.01 taxable → 0.002 tax, rounds to 0
    ['805', '1.00'],
    ['4000', '640.00'], // (4000 − 800) × 20%
    ['4000.01', '640.00'], // 4000.01 × 80% = 3200.008 → 3200.01 taxable; × 20% → 640.00
    ['20000', '3200.00'], // 16000 × 20%
    ['25000', '4000.00'], // taxable 20000: the top of the 20% bracket
    ['25000.01', '4000.00'], // taxable 20000.01: 30% − 2000, continuous
    ['50000', '10000.00'], // taxable 40000 × 30% − 2000
    ['62500', '13000.00'], // taxable 50000: the top of the 30% bracket
    ['62500.01', '13000.00'], // 40% − 7000, continuous
    ['100000', '25000.00'], // taxable 80000 × 40% − 7000
  ])('gross %s → tax %s', (gross, tax) => {
    expect(taxOnIncome(y(gross))).toBe(tax === '0' ? 0n : y(tax));
  });

  it('taxable income: 800 off up to 4,000, 20% off above', () => {
    expect(taxableOf(y('799.99'))).toBe(0n);
    expect(taxableOf(y('4000'))).toBe(y('3200'));
    expect(taxableOf(y('5000'))).toBe(y('4000'));
  });
});

describe('cumulative across a month', () => {
  function split(parts: string[]) {
    let priorGross = 0n;
    let priorTax = 0n;
    const taxes: bigint[] = [];
    for (const p of parts) {
      const f = withdrawalFigures({
        grossFen: y(p),
        priorGrossFen: priorGross,
        priorTaxFen: priorTax,
        feeFen: 100n,
        withheld: true,
      });
      taxes.push(f.taxFen);
      priorGross += f.grossFen;
      priorTax += f.taxFen;
      expect(f.netFen).toBe(f.grossFen - f.taxFen - 100n);
    }
    return { taxes, total: priorTax };
  }

  it('splitting a withdrawal cannot lower the tax', () => {
    expect(split(['2000', '2000']).taxes).toEqual([y('240'), y('400')]);
    expect(split(['2000', '2000']).total).toBe(taxOnIncome(y('4000')));
    expect(split(['5000', '5000', '5000', '5000', '5000']).total).toBe(taxOnIncome(y('25000')));
    expect(split(['800', '800', '800', '800', '800']).total).toBe(taxOnIncome(y('4000')));
    expect(split(['30000', '30000', '40000']).total).toBe(taxOnIncome(y('100000')));
    expect(split(['700', '100']).total).toBe(0n);
  });

  it('an enterprise is not withheld', () => {
    const f = withdrawalFigures({
      grossFen: y('50000'),
      priorGrossFen: 0n,
      priorTaxFen: 0n,
      feeFen: 100n,
      withheld: false,
    });
    expect(f).toEqual({ grossFen: y('50000'), taxFen: 0n, feeFen: 100n, netFen: y('49999') });
  });
});

describe('amounts and masking', () => {
  it('yuan text to fen: at most 2 decimals, no floats', () => {
    expect(yuanToFen('100')).toBe(10_000n);
    expect(yuanToFen('0.1')).toBe(10n);
    expect(yuanToFen('1234567.89')).toBe(123_456_789n);
    expect(yuanToFen('1.234')).toBeNull();
    expect(yuanToFen('-1')).toBeNull();
    expect(yuanToFen('1e3')).toBeNull();
  });
  it('a card shows its last four digits only', () => {
    expect(maskCard('1234')).toBe('**** **** **** 1234');
  });
});
