import { describe, expect, it } from 'vitest';
import { formatDate, formatFen } from './format';

describe('formatFen', () => {
  it('shows yuan with thousands separators and 2 decimals', () => {
    expect(formatFen(0)).toBe('0.00');
    expect(formatFen(5)).toBe('0.05');
    expect(formatFen(100)).toBe('1.00');
    expect(formatFen(123456)).toBe('1,234.56');
    expect(formatFen(100000)).toBe('1,000.00');
    expect(formatFen(99999)).toBe('999.99');
    expect(formatFen(123456789)).toBe('1,234,567.89');
  });

  it('takes strings and bigints beyond the safe integer range', () => {
    expect(formatFen('123456')).toBe('1,234.56');
    expect(formatFen(123456789012345678901n)).toBe('1,234,567,890,123,456,789.01');
    expect(formatFen('900719925474099312')).toBe('9,007,199,254,740,993.12');
  });

  it('shows negatives with a leading minus', () => {
    expect(formatFen(-5)).toBe('-0.05');
    expect(formatFen(-123456)).toBe('-1,234.56');
    expect(formatFen('-100000000')).toBe('-1,000,000.00');
  });

  it('shows -- for an empty or unreadable amount', () => {
    expect(formatFen(null)).toBe('--');
    expect(formatFen(undefined)).toBe('--');
    expect(formatFen('')).toBe('--');
    expect(formatFen('abc')).toBe('--');
    expect(formatFen('12.5')).toBe('--');
    expect(formatFen(12.5)).toBe('--');
  });
});

describe('formatDate', () => {
  it('shows year-month-day in the local calendar, zero-padded', () => {
    expect(formatDate(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
    expect(formatDate(new Date(2017, 11, 31))).toBe('2017-12-31');
  });

  it('takes ISO strings, milliseconds and whole seconds', () => {
    const d = new Date(2026, 2, 9, 8, 7);
    expect(formatDate(d.toISOString())).toBe('2026-03-09');
    expect(formatDate(d.getTime())).toBe('2026-03-09');
    expect(formatDate(Math.floor(d.getTime() / 1000))).toBe('2026-03-09');
  });

  it('adds hours and minutes when asked', () => {
    expect(formatDate(new Date(2026, 2, 9, 8, 7), true)).toBe('2026-03-09 08:07');
  });

  it('shows -- for an empty or invalid date', () => {
    expect(formatDate(null)).toBe('--');
    expect(formatDate(undefined)).toBe('--');
    expect(formatDate('')).toBe('--');
    expect(formatDate('not a date')).toBe('--');
    expect(formatDate(new Date(Number.NaN))).toBe('--');
  });
});
