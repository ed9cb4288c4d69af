/**
 * Individual income tax withheld on a withdrawal, treated as 劳务报酬 (remuneration for services), in integer fen.
 * The rule and its figures are settings the service's tax adviser must confirm (README, Withdrawals):
 * - income of the month so far, this withdrawal included (cumulative, so splitting a withdrawal cannot lower it);
 * - taxable = income − 800 when income ≤ 4,000, else income × (1 − 20%);
 * - tax = taxable × rate − quick deduction, by bracket: ≤ 20,000 at 20%; ≤ 50,000 at 30% − 2,000; above at 40% − 7,000;
 * - this withdrawal withholds the month's tax on the cumulative income minus what the month already withheld.
 * Rounding: half up to the fen, once per step.
 */
export interface TaxBracket {
  /** Upper bound of taxable income in fen (inclusive); null for the last bracket. */
  upToFen: number | null;
  ratePercent: number;
  quickDeductionFen: number;
}

export interface TaxRules {
  /** Fixed deduction while income ≤ thresholdFen. */
  fixedDeductionFen: number;
  thresholdFen: number;
  /** Percentage deducted above the threshold. */
  deductionPercent: number;
  brackets: TaxBracket[];
}

export const LABOUR_TAX_RULES: TaxRules = {
  fixedDeductionFen: 80_000,
  thresholdFen: 400_000,
  deductionPercent: 20,
  brackets: [
    { upToFen: 2_000_000, ratePercent: 20, quickDeductionFen: 0 },
    { upToFen: 5_000_000, ratePercent: 30, quickDeductionFen: 200_000 },
    { upToFen: null, ratePercent: 40, quickDeductionFen: 700_000 },
  ],
};

/** a × p / 100, rounded half up (a ≥ 0). */
function percentOf(a: bigint, p: number): bigint {
  return (a * BigInt(p) * 2n + 100n) / 200n;
}

export function taxableOf(incomeFen: bigint, rules: TaxRules = LABOUR_TAX_RULES): bigint {
  if (incomeFen <= 0n) return 0n;
  if (incomeFen <= BigInt(rules.thresholdFen)) {
    const t = incomeFen - BigInt(rules.fixedDeductionFen);
    return t > 0n ? t : 0n;
  }
  return incomeFen - percentOf(incomeFen, rules.deductionPercent);
}

/** The tax on a month's cumulative income. */
export function taxOnIncome(incomeFen: bigint, rules: TaxRules = LABOUR_TAX_RULES): bigint {
  const taxable = taxableOf(incomeFen, rules);
  if (taxable === 0n) return 0n;
  const bracket =
    rules.brackets.find((b) => b.upToFen === null || taxable <= BigInt(b.upToFen)) ?? rules.brackets.at(-1)!;
  const tax = percentOf(taxable, bracket.ratePercent) - BigInt(bracket.quickDeductionFen);
  return tax > 0n ? tax : 0n;
}

export interface WithdrawalFigures {
  grossFen: bigint;
  taxFen: bigint;
  feeFen: bigint;
  netFen: bigint;
}

/**
 * The figures of a withdrawal of `grossFen`, given the month's earlier withdrawals (`priorGrossFen`, the tax they
 * withheld `priorTaxFen`); `withheld` false for an enterprise (no tax withheld: it invoices instead).
 */
export function withdrawalFigures(input: {
  grossFen: bigint;
  priorGrossFen: bigint;
  priorTaxFen: bigint;
  feeFen: bigint;
  withheld: boolean;
  rules?: TaxRules;
}): WithdrawalFigures {
  let taxFen = 0n;
  if (input.withheld) {
    const due = taxOnIncome(input.priorGrossFen + input.grossFen, input.rules) - input.priorTaxFen;
    taxFen = due > 0n ? due : 0n;
  }
  return { grossFen: input.grossFen, taxFen, feeFen: input.feeFen, netFen: input.grossFen - taxFen - input.feeFen };
}

/** A card number shown as its bank would: the first 4 and last 4 digits, the rest hidden. */
export function maskCard(last4: string, first4 = '****'): string {
  return `${first4} **** **** ${last4}`;
}

/** Yuan text with at most 2 decimals → fen, or null when it is not such a number. */
export function yuanToFen(text: string): bigint | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}
