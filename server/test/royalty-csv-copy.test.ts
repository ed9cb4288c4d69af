/**
 * A CSV/TSV statement copied as it is (csv-copy.ts) reads exactly as the careful JavaScript reader
 * (csv-statement.ts) reads it: the same lines, cell for cell, over every sale-month form, thousands separators,
 * 14-digit UPCs, lower-case codes, a mapping's own currency and TSV titles with quotes. A cell that does not read
 * names its line; a file COPY cannot take (an empty line, a short row) is left to the careful reader.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRaw, dropRaw, rawLinesSource } from '../src/modules/royalties/csv-copy';
import { type ColumnMapping, readCsvStatement } from '../src/modules/royalties/csv-statement';
import { findMapping } from '../src/modules/royalties/import.repository';
import type { StatementLine } from '../src/modules/royalties/statement-line';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let dir: string;
let seq = 1000;

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'royalty-copy-'));
});
afterAll(async () => {
  await t?.close();
});

async function both(text: string, mappingCode: string) {
  seq += 1;
  const file = path.join(dir, `s-${seq}.txt`);
  await writeFile(file, text);
  const mapping = (await findMapping(t.deps.database.db, mappingCode)) as ColumnMapping;
  const careful: StatementLine[] = [];
  for await (const l of readCsvStatement(createReadStream(file), mapping)) careful.push(l);
  const header = await copyRaw(t.deps, seq, file, mapping, () => {});
  if (!header) return { careful, copied: false as const };
  const { rows } = await sql<Record<string, string | null>>`
    SELECT to_char(sale_month, 'YYYY-MM-DD') AS sale_month, territory, isrc, upc, title, quantity::text,
           amount::text, currency, fx_rate::text FROM ${rawLinesSource(seq, header, mapping)} s ORDER BY line_no`.execute(
    t.deps.database.db,
  );
  await dropRaw(t.deps.database.db, seq);
  // numeric keeps its scale (amounts are staged with 8 decimals either way): compare the numbers at that scale
  const num = (v: string | null | undefined) => (v == null ? '' : String(Number(Number(v).toFixed(8))));
  return {
    careful: careful.map((l) => ({ ...l, amount: num(l.amount), fx_rate: num(l.fx_rate || null) })),
    copied: rows.map((r) => ({
      sale_month: r.sale_month,
      territory: r.territory,
      isrc: r.isrc,
      upc: r.upc,
      title: r.title,
      quantity: r.quantity,
      amount: num(r.amount),
      currency: r.currency,
      fx_rate: num(r.fx_rate),
    })),
  };
}

describe('a statement copied as it is', () => {
  it('reads as the JavaScript reader reads it (generic CSV, every form)', async () => {
    const text = [
      '\uFEFFsale_month,territory,isrc,upc,title,quantity,amount,currency,exchange_rate',
      '2026-08,cn,cn-a01-26-00001,,"Song, with comma",1,12.34,cny,',
      '2026-08-15,US,CNA012600002,06900000000011,x,"1,200","1,234.5",USD,7.1',
      '2026-08-15T10:00:00Z,JP,,6900000000028,y,,-0.0000000001,usd,7.25',
      '202607,GB, CNA012600003 ,, spaced ,-3,-5,CNY,',
      '07/31/2026 12:00:00 AM,DE,CNA012600001,,z,2,0.5,CNY,',
      '1/2/2026,FR,CNA012600001,,z,2,100000000000000,CNY,',
    ].join('\r\n');
    const { careful, copied } = await both(`${text}\r\n`, 'generic');
    expect(copied).not.toBe(false);
    expect(copied).toEqual(careful);
    expect(careful).toHaveLength(6);
  });

  it('reads a DistroKid TSV (quotes inside titles, the mapping names the currency)', async () => {
    const text = [
      'Reporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSong/Album\tCountry of Sale\tSongwriter Royalties Withheld\tEarnings (USD)',
      '2026-09-01\t2026-07\tSpotify\tA\tHe said "hi"\tCNA012600001\t\t120\t100\tSong\tUS\t0\t0.4512345678',
      '2026-09-01\t2026-07\tApple Music\tA\tAlbum "x\t\t6900000000011\t1\t100\tAlbum\tJP\t0\t7.99',
    ].join('\n');
    const { careful, copied } = await both(`${text}\n`, 'distrokid');
    expect(copied).toEqual(careful);
    expect(careful.map((l) => l.currency)).toEqual(['USD', 'USD']);
  });

  it('a cell that does not read names its line; the posting raises before anything is written', async () => {
    for (const [cells, message] of [
      ['2026-13,CN,CNA012600001,,x,1,1.00,CNY,', /line 3: sale month "2026-13"/],
      ['2026-08,CN,CNA012600001,,x,1.5,1.00,CNY,', /line 3: quantity "1.5"/],
      ['2026-08,CN,CNA012600001,,x,1,1.2.3,CNY,', /line 3: amount "1.2.3"/],
      ['2026-08,CN,CNA012600001,,x,1,--1,CNY,', /line 3: amount "--1"/],
      ['2026-08,CN,CNA012600001,,x,1,1.12345678901,CNY,', /line 3: amount/],
      ['2026-08,CN,CNA012600001,,x,1,1,USD,abc', /line 3: exchange rate "abc"/],
    ] as const) {
      await expect(
        both(
          `sale_month,territory,isrc,upc,title,quantity,amount,currency,exchange_rate\n2026-08,CN,X,,x,1,1,CNY,\n${cells}\n`,
          'generic',
        ),
      ).rejects.toThrow(message);
      await dropRaw(t.deps.database.db, seq);
    }
  });

  it('a file COPY cannot take as it is goes to the careful reader', async () => {
    const head = 'sale_month,territory,isrc,upc,title,quantity,amount,currency,exchange_rate\n';
    // a quoted header (a name may hold the delimiter) is read by the careful reader
    const quoted = await both(
      '"sale_month","territory","isrc","upc","title","quantity","amount","currency","exchange_rate"\n2026-08,CN,CNA012600001,,x,1,1.00,CNY,\n',
      'generic',
    );
    expect(quoted.copied).toBe(false);
    expect(quoted.careful).toHaveLength(1);
    for (const body of [
      '2026-08,CN,CNA012600001,,x,1,1.00,CNY,\n\n2026-08,CN,CNA012600001,,x,1,1.00,CNY,\n',
      '2026-08,CN,CNA012600001\n',
    ]) {
      const { copied } = await both(head + body, 'generic').catch(() => ({ copied: false as const }));
      expect(copied).toBe(false);
    }
    const { rows } = await t.sql(`select count(*)::int as n from pg_tables where tablename like 'royalty_raw_%'`);
    expect(rows[0].n).toBe(0);
  });
});
