/**
 * A CSV/TSV statement copied as it is (line-chunks.ts) reads exactly as the careful JavaScript reader
 * (csv-statement.ts) reads it: once normalised, the same money per sale month, territory, ISRC, UPC, currency and
 * rate, over every sale-month form, 14-digit UPCs, lower-case codes, a mapping's own currency and TSV titles with
 * quotes; a big file cut into chunks copied at once reads as one. A cell the careful reader refuses names its line
 * (the import reads such a file again the careful way); a file COPY cannot take is left to the careful reader.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyLines } from '../src/modules/royalties/chunk-careful';
import { copyFile } from '../src/modules/royalties/chunk-copy';
import { type ColumnMapping, readCsvStatement } from '../src/modules/royalties/csv-statement';
import { findMapping, groupsSource } from '../src/modules/royalties/import.repository';
import { createImport } from '../src/modules/royalties/import.service';
import { type Chunk, dropStaged, groupTable, type Staging } from '../src/modules/royalties/line-chunks';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let dir: string;
let seq = 100_000;

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'royalty-copy-'));
});
afterAll(async () => {
  await t?.close();
});

/** The staged groups of an import (normalised as they land), summed per normalised key. */
async function normalised(id: number, chunks: Chunk[]) {
  const { rows } = await sql<Record<string, string>>`
    SELECT to_char(sale_month, 'YYYY-MM-DD') AS sale_month, territory, isrc, upc, currency, fx::text AS fx,
           sum(lines)::text AS lines, sum(quantity)::text AS quantity, sum(amount)::text AS amount,
           min(title COLLATE "C") AS title
      FROM ${groupsSource(chunks.map((c) => groupTable(id, c.chunk)))} g
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`.execute(t.deps.database.db);
  return rows;
}

const norm = (mapping: ColumnMapping) => ({ currency: mapping.currency ?? '', fx_rate: null });

/** The same file staged the careful way (JavaScript, every line checked) and the fast way (COPY as it is). */
async function both(text: string, mappingCode: string) {
  seq += 2;
  const file = path.join(dir, `s-${seq}.txt`);
  await writeFile(file, text);
  const mapping = (await findMapping(t.deps.database.db, mappingCode)) as ColumnMapping;
  const carefulChunks = await copyLines(
    t.deps,
    seq,
    readCsvStatement(createReadStream(file), mapping),
    norm(mapping),
    2,
    async () => {},
  );
  const careful = await normalised(seq, carefulChunks.chunks);
  await dropStaged(t.deps.database.db, seq);
  const staging = await copyFile(t.deps, seq + 1, file, mapping, norm(mapping), () => {});
  if (!staging) return { careful, copied: false as const, staging };
  await staging.keys;
  const copied = await normalised(seq + 1, staging.chunks);
  await dropStaged(t.deps.database.db, seq + 1);
  return { careful, copied, staging };
}

describe('a statement copied as it is', () => {
  it('reads as the JavaScript reader reads it (generic CSV, every form)', async () => {
    const text = [
      '\uFEFFsale_month,territory,isrc,upc,title,quantity,amount,currency,exchange_rate',
      '2026-08,cn,cn-a01-26-00001,,"Song, with comma",1,12.34,cny,',
      '2026-08-15,US,CNA012600002,06900000000011,x,"1200","1234.5",USD,7.1',
      '2026-08-15T10:00:00Z,JP,,6900000000028,y,,-0.0000000001,usd,7.25',
      '202607,GB, CNA012600003 ,, spaced ,-3,-5,CNY,',
      '07/31/2026 12:00:00 AM,DE,CNA012600001,,z,2,0.5,CNY,',
      '1/2/2026,FR,CNA012600001,,z,2,100000000000000,CNY,',
      // a title past 300 characters (multi-byte ones) is cut to 300, after its spaces are taken off
      `2026-08,TW,CNA012600004,,  ${'歌'.repeat(301)}  ,1,1,CNY,`,
    ].join('\r\n');
    const { careful, copied } = await both(`${text}\r\n`, 'generic');
    expect(copied).not.toBe(false);
    expect(copied).toEqual(careful);
    expect(careful).toHaveLength(7);
    expect(careful.find((g) => g.territory === 'TW')?.title).toBe('歌'.repeat(300));
    expect(careful.find((g) => g.territory === 'GB')?.title).toBe('spaced');
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

  it('a big file is cut at line boundaries into chunks copied at once, and reads as one', async () => {
    const lines = ['sale_month,territory,isrc,upc,title,quantity,amount,currency,exchange_rate'];
    for (let i = 0; i < 3000; i++)
      lines.push(
        `2026-0${1 + (i % 6)},${['CN', 'us', 'JP'][i % 3]},CNA0126${String(i % 50).padStart(5, '0')},,t ${i},${i % 7},${(i % 97) / 100},CNY,`,
      );
    seq += 2;
    const file = path.join(dir, `big-${seq}.csv`);
    await writeFile(file, `${lines.join('\n')}\n`);
    const mapping = (await findMapping(t.deps.database.db, 'generic')) as ColumnMapping;
    const careful = await normalised(
      seq,
      (
        await copyLines(
          t.deps,
          seq,
          readCsvStatement(createReadStream(file), mapping),
          norm(mapping),
          2,
          async () => {},
        )
      ).chunks,
    );
    const staging = await copyFile(t.deps, seq + 1, file, mapping, norm(mapping), () => {}, {
      splitMinBytes: 1024,
      streams: 2,
      chunks: 5,
    });
    expect(staging).not.toBe(false);
    const { chunks, money } = staging as Staging;
    const parts = await (staging as Staging).keys;
    // five chunks taken in turn by two connections, numbered on from the header: together every line once
    expect(chunks.map((c) => c.chunk)).toEqual([1, 2, 3, 4, 5]);
    expect(chunks[0]!.first_line).toBe(2);
    expect(chunks.reduce((n, c) => n + c.lines, 0)).toBe(3000);
    for (const [i, c] of chunks.entries())
      if (i > 0) expect(c.first_line).toBe(chunks[i - 1]!.first_line + chunks[i - 1]!.lines);
    const { rows } = await t.sql(`select title from royalty_lines_${seq + 1}_2 limit 1`);
    expect(rows[0].title).toBe(`t ${chunks[1]!.first_line - 2}`);
    expect(await normalised(seq + 1, chunks)).toEqual(careful);
    // two parts of the keys, each key in one of them, every line counted once
    expect(parts.map((p) => p.part)).toEqual([1, 2]);
    expect(parts.reduce((n, p) => n + p.all_lines, 0)).toBe(3000);
    // no track has these codes: no matched money, every line unmatched, the chunks' net all of it
    expect(money.map((m) => [m.part, m.matched_lines, Number(m.matched_net)])).toEqual([
      [1, 0, 0],
      [2, 0, 0],
    ]);
    expect(parts.reduce((n, p) => n + p.unmatched_lines, 0)).toBe(3000);
    expect(parts.reduce((n, p) => n + Number(p.unmatched_net), 0)).toBeCloseTo(
      chunks.reduce((n, c) => n + Number(c.net), 0),
      6,
    );
    const keys = await t.sql(
      `select count(*)::int as n, count(distinct (isrc, upc))::int as distinct_keys, sum(lines)::int as lines
         from (select * from royalty_matches_${seq + 1}_1 union all select * from royalty_matches_${seq + 1}_2) k`,
    );
    expect(keys.rows[0]).toEqual({ n: 50, distinct_keys: 50, lines: 3000 });
    await dropStaged(t.deps.database.db, seq);
    await dropStaged(t.deps.database.db, seq + 1);
  });

  it('a cell the careful reader refuses names its line, and nothing is posted', async () => {
    for (const [cells, message] of [
      ['2026-13,CN,CNA012600001,,x,1,1.00,CNY,', /line 3: sale month "2026-13"/],
      ['2026-08,CN,CNA012600001,,x,1.5,1.00,CNY,', /line 3: quantity "1.5"/],
      ['2026-08,CN,CNA012600001,,x,1,1.2.3,CNY,', /line 3: amount "1.2.3"/],
      ['2026-08,CN,CNA012600001,,x,1,--1,CNY,', /line 3: amount "--1"/],
      ['2026-08,CN,CNA012600001,,x,1,1.12345678901,CNY,', /line 3: amount/],
      ['2026-08,CN,CNA012600001,,x,1,NaN,CNY,', /line 3: amount "NaN"/],
      ['2026-08,CN,CNA012600001,,x,1,Infinity,CNY,', /line 3: amount "Infinity"/],
      ['2026-08,CN,CNA012600001,,x,1,-inf,CNY,', /line 3: amount "-inf"/],
      ['2026-08,CN,CNA012600001,,x,1,1,USD,NaN', /line 3: exchange rate "NaN"/],
      ['2026-08,CN,CNA012600001,,x,1,1,USD,infinity', /line 3: exchange rate "infinity"/],
      ['2026-08,CN,CNA012600001,,x,1,,CNY,', /line 3: amount ""/],
      ['2026-08,CN,CNA012600001,,x,1,1,USD,abc', /line 3: exchange rate "abc"/],
    ] as const) {
      seq += 1;
      const file = path.join(dir, `bad-${seq}.csv`);
      await writeFile(
        file,
        `sale_month,territory,isrc,upc,title,quantity,amount,currency,exchange_rate\n2026-08,CN,X,,x,1,1,CNY,\n${cells}\n`,
      );
      const { id } = await createImport(
        t.deps,
        { platform_code: 'spotify', format: 'csv', mapping_code: 'generic', accounting_month: '2026-10' },
        { path: file, name: 'bad.csv' },
        null,
      );
      await t.runJobs();
      const { rows } = await t.sql('select state, error from royalty_imports where id = $1', [id]);
      expect(rows[0].state).toBe('failed');
      expect(rows[0].error).toMatch(message);
      const left = await t.sql(
        `select (select count(*)::int from royalty_lines where import_id = $1) as lines,
                (select count(*)::int from royalty_matches where import_id = $1) as matches,
                (select count(*)::int from pg_tables where tablename like $2) as staged`,
        [id, `royalty\\_%\\_${id}\\_%`],
      );
      expect(left.rows[0]).toEqual({ lines: 0, matches: 0, staged: 0 });
    }
  });

  it('a file COPY cannot take as it is goes to the careful reader, leaving nothing staged', async () => {
    const head = 'sale_month,territory,isrc,upc,title,quantity,amount,currency,exchange_rate\n';
    const mapping = (await findMapping(t.deps.database.db, 'generic')) as ColumnMapping;
    for (const body of [
      // a quoted header (a name may hold the delimiter)
      '"sale_month","territory","isrc","upc","title","quantity","amount","currency","exchange_rate"\n2026-08,CN,CNA012600001,,x,1,1.00,CNY,\n',
      // thousands separators
      `${head}2026-08,CN,CNA012600001,,x,"1,200","1,234.5",CNY,\n`,
      // an empty line, a short row
      `${head}2026-08,CN,CNA012600001,,x,1,1.00,CNY,\n\n2026-08,CN,CNA012600001,,x,1,1.00,CNY,\n`,
      `${head}2026-08,CN,CNA012600001\n`,
    ]) {
      seq += 1;
      const file = path.join(dir, `odd-${seq}.csv`);
      await writeFile(file, body);
      expect(await copyFile(t.deps, seq, file, mapping, norm(mapping), () => {})).toBe(false);
      const { rows } = await t.sql(`select count(*)::int as n from pg_tables where tablename like $1`, [
        `royalty\\_%\\_${seq}\\_%`,
      ]);
      expect(rows[0].n).toBe(0);
    }
    // the careful reader reads the separators
    const { careful } = await both(`${head}2026-08,CN,CNA012600001,,x,"1,200","1,234.5",CNY,\n`, 'generic');
    expect(careful).toEqual([
      expect.objectContaining({ isrc: 'CNA012600001', quantity: '1200', amount: '1234.5', lines: '1' }),
    ]);
  });
});
