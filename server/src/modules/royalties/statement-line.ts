/** One sales line of any store report, normalised: what is staged with COPY and then matched and posted. */
export interface StatementLine {
  /** First day of the month the sale happened in, YYYY-MM-01. */
  sale_month: string;
  territory: string;
  isrc: string;
  upc: string;
  title: string;
  /** Whole units (streams, downloads); negative for a return. */
  quantity: string;
  /** Net amount in the line's currency, a decimal string (never a float). */
  amount: string;
  currency: string;
  /** The rate the report carries for this line to CNY, or '' (the import's rate applies). */
  fx_rate: string;
}

export class StatementError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line ? `line ${line}: ${message}` : message);
  }
}

const DECIMAL = /^-?\d{1,15}(\.\d{1,10})?$/;
export function decimal(raw: string | undefined, what: string, line: number): string {
  const v = (raw ?? '').trim().replace(/,/g, '');
  if (!DECIMAL.test(v)) throw new StatementError(`${what} "${raw ?? ''}" is not a number`, line);
  return v;
}

export function integer(raw: string | undefined, what: string, line: number): string {
  const v = (raw ?? '').trim().replace(/,/g, '');
  if (!/^-?\d{1,15}$/.test(v)) throw new StatementError(`${what} "${raw ?? ''}" is not a whole number`, line);
  return v;
}

/** Accepts YYYY-MM, YYYY-MM-DD, YYYYMM, MM/DD/YYYY (with a time after it) and answers YYYY-MM-01. */
export function saleMonth(raw: string | undefined, line: number): string {
  const v = (raw ?? '').trim();
  let m = /^(\d{4})-?(\d{2})(?:-\d{2}(?:[T ].*)?)?$/.exec(v);
  if (m) return check(m[1]!, m[2]!);
  m = /^(\d{1,2})\/\d{1,2}\/(\d{4})(?:\s.*)?$/.exec(v);
  if (m) return check(m[2]!, m[1]!.padStart(2, '0'));
  throw new StatementError(`sale month "${v}" is not a date`, line);
  function check(y: string, mo: string) {
    if (Number(mo) < 1 || Number(mo) > 12) throw new StatementError(`sale month "${v}" is not a date`, line);
    return `${y}-${mo}-01`;
  }
}

export function normaliseIsrc(raw: string | undefined): string {
  return (raw ?? '').trim().toUpperCase().replace(/-/g, '');
}

export function normaliseUpc(raw: string | undefined): string {
  const v = (raw ?? '').trim();
  return /^\d{12,14}$/.test(v) ? v.replace(/^0(?=\d{13}$)/, '') : v;
}
