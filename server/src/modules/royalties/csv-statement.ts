/**
 * Store CSV/TSV statements, read through a column mapping kept in the database (royalty_mappings): which header
 * names the sale month, territory, ISRC, UPC, title, quantity, net amount, currency and exchange rate. A statement
 * without a currency column names its currency in the mapping (`currency`, e.g. DistroKid's USD earnings).
 * Parsed by csv-parse as a stream; every line is checked and an error names its line.
 */
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  decimal,
  integer,
  normaliseIsrc,
  normaliseUpc,
  StatementError,
  type StatementLine,
  saleMonth,
} from './statement-line';

export interface ColumnMapping {
  delimiter: ',' | '\t' | ';';
  columns: {
    sale_month: string;
    territory?: string;
    isrc?: string;
    upc?: string;
    title?: string;
    quantity: string;
    amount: string;
    currency?: string;
    fx_rate?: string;
  };
  /** The statement's currency when it has no currency column. */
  currency?: string;
}

/** A mapping is usable when it names the sale month, quantity, amount and at least one identifier. */
export function mappingProblems(m: ColumnMapping): string[] {
  const out: string[] = [];
  if (!m.columns.sale_month) out.push('sale_month');
  if (!m.columns.quantity) out.push('quantity');
  if (!m.columns.amount) out.push('amount');
  if (!m.columns.isrc && !m.columns.upc) out.push('isrc|upc');
  if (!m.columns.currency && !m.currency) out.push('currency');
  return out;
}

export async function* readCsvStatement(input: Readable, mapping: ColumnMapping): AsyncGenerator<StatementLine> {
  const parser = input.pipe(
    parse({
      delimiter: mapping.delimiter,
      columns: (header: string[]) => header.map((h) => h.trim()),
      bom: true,
      skip_empty_lines: true,
      trim: true,
      // Store TSVs carry quotes inside titles; only comma files quote cells.
      quote: mapping.delimiter === '\t' ? false : '"',
      relax_column_count: true,
    }),
  );
  const col = mapping.columns;
  let checkedHeader = false;
  let lineNo = 1;
  try {
    for await (const record of parser as AsyncIterable<Record<string, string>>) {
      lineNo += 1;
      if (!checkedHeader) {
        const missing = Object.values(col).filter((name) => name && !(name in record));
        if (missing.length > 0) throw new StatementError(`the header lacks the column(s) ${missing.join(', ')}`, 1);
        checkedHeader = true;
      }
      const get = (name?: string) => (name ? (record[name] ?? '') : '');
      yield {
        sale_month: saleMonth(get(col.sale_month), lineNo),
        territory: get(col.territory).toUpperCase().slice(0, 8),
        isrc: normaliseIsrc(get(col.isrc)),
        upc: normaliseUpc(get(col.upc)),
        title: get(col.title).slice(0, 300),
        quantity: integer(get(col.quantity) || '0', 'quantity', lineNo),
        amount: decimal(get(col.amount), 'amount', lineNo),
        currency: (get(col.currency) || mapping.currency || '').toUpperCase(),
        fx_rate: col.fx_rate && get(col.fx_rate) ? decimal(get(col.fx_rate), 'exchange rate', lineNo) : '',
      };
    }
  } catch (err) {
    if (err instanceof StatementError) throw err;
    throw new StatementError((err as Error).message, lineNo);
  }
}
