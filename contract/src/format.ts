/**
 * Money and date formatting (spec §9), the one place it happens.
 * Money is an integer number of fen; it is shown with thousands separators and 2 decimals, `--` when empty.
 */
export function formatFen(fen: number | bigint | string | null | undefined): string {
  if (fen === null || fen === undefined || fen === '') return '--';
  let value: bigint;
  try {
    value = BigInt(fen);
  } catch {
    return '--';
  }
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const yuan = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${yuan}.${cents}`;
}

/** Year-month-day by default; the value is a UTC timestamp, shown in the viewer's local calendar. */
export function formatDate(value: string | number | Date | null | undefined, withTime = false): string {
  if (value === null || value === undefined || value === '') return '--';
  const d = value instanceof Date ? value : new Date(typeof value === 'number' && value < 1e12 ? value * 1000 : value);
  if (Number.isNaN(d.getTime())) return '--';
  const p = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  return withTime ? `${date} ${p(d.getHours())}:${p(d.getMinutes())}` : date;
}
