/** DSR parsing with its footer counts, and each shipped column mapping (generic, DistroKid, TuneCore). */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { dsrFile, dsrReportFiles } from '../../../test/royalty-fixtures';
import { type ColumnMapping, mappingProblems, readCsvStatement } from './csv-statement';
import { type DsrCounts, type DsrHeader, newDsrReport, readDsr } from './dsr';
import type { StatementLine } from './statement-line';

async function all<T>(gen: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of gen) out.push(x);
  return out;
}

describe('a DSR report in several files', () => {
  const sales = [
    [{ isrc: 'CNA012600001', territory: 'CN', usages: 1, net: '1.00' }],
    [
      { isrc: 'CNA012600002', territory: 'US', currency: 'USD', usages: 2, net: '2.00' },
      { isrc: 'CNA012600003', territory: 'CN', usages: 3, net: '3.00' },
    ],
  ];
  async function readAll(files: string[]) {
    const report = newDsrReport();
    const out: StatementLine[] = [];
    for (const f of files) out.push(...(await all(readDsr(Readable.from([f]), () => {}, undefined, report))));
    return { out, report };
  }

  it('reads the files in order as one report: summaries carried across, report counts on the last FOOT', async () => {
    const { out, report } = await readAll(dsrReportFiles({ messageId: 'MF', parts: sales }));
    expect(out.map((l) => [l.isrc, l.territory, l.currency])).toEqual([
      ['CNA012600001', 'CN', 'CNY'],
      ['CNA012600002', 'US', 'USD'],
      ['CNA012600003', 'CN', 'CNY'],
    ]);
    expect(report).toMatchObject({ files: 2, blocks: 3 });
  });

  it('refuses a wrong report count, files out of order and a file of another report', async () => {
    await expect(readAll(dsrReportFiles({ messageId: 'MF', parts: sales, reportLines: 5 }))).rejects.toThrow(
      /FOOT says 5 lines in the report/,
    );
    const [one, two] = dsrReportFiles({ messageId: 'MF', parts: sales });
    await expect(readAll([two!, one!])).rejects.toThrow(/file 2 of the report where file 1 comes/);
    const [, other] = dsrReportFiles({ messageId: 'OTHER', parts: sales });
    await expect(readAll([one!, other!])).rejects.toThrow(/a file of another report/);
    // the first file alone reads (the import job, not the reader, waits for the whole report)
    await expect(readAll([one!])).resolves.toMatchObject({ report: { files: 1 } });
  });
});

describe('DSR flat file', () => {
  it('reads HEAD, summaries, blocks and FOOT; lines take the territory and currency of their summary', async () => {
    let header: DsrHeader | undefined;
    let counts: DsrCounts | undefined;
    const text = dsrFile({
      messageId: 'M1',
      period: '2026-03',
      sales: [
        { isrc: 'cna012600001', territory: 'CN', usages: 5, net: '1.25' },
        { upc: '06900000000011', territory: 'US', currency: 'USD', usages: 2, net: '-0.5' },
      ],
    });
    const lines = await all(
      readDsr(
        Readable.from([text.replace(/\n/g, '\r\n')]),
        (h) => {
          header = h;
        },
        (c) => {
          counts = c;
        },
      ),
    );
    expect(header).toMatchObject({ messageId: 'M1', sender: 'PADPIDA2014120301F', periodStart: '2026-03-01' });
    expect(counts).toEqual({ lines: 10, summaries: 2, blocks: 2, sales: 2 });
    expect(lines).toEqual<StatementLine[]>([
      {
        sale_month: '2026-03-01',
        territory: 'CN',
        isrc: 'CNA012600001',
        upc: '',
        title: 'Track 0',
        quantity: '5',
        amount: '1.25',
        currency: 'CNY',
        fx_rate: '',
      },
      {
        sale_month: '2026-03-01',
        territory: 'US',
        isrc: '',
        upc: '6900000000011',
        title: '',
        quantity: '2',
        amount: '-0.5',
        currency: 'USD',
        fx_rate: '',
      },
    ]);
  });

  it('refuses wrong footer counts, a missing FOOT, a sale pointing at no summary, other profiles', async () => {
    const sale = [{ isrc: 'CNA012600001', territory: 'CN', usages: 1, net: '1' }];
    const read = (text: string) => all(readDsr(Readable.from([text]), () => undefined));
    await expect(read(dsrFile({ messageId: 'M', sales: sale, footLines: 3 }))).rejects.toThrow(/FOOT says 3 lines/);
    await expect(read(dsrFile({ messageId: 'M', sales: sale, cutShort: true }))).rejects.toThrow(/without a FOOT/);
    await expect(read(dsrFile({ messageId: 'M', sales: sale }).replace('\tSR1\t', '\tSR9\t'))).rejects.toThrow(
      /summary record/,
    );
    await expect(
      read(dsrFile({ messageId: 'M', sales: sale }).replace('BasicAudioProfile', 'UgcProfile')),
    ).rejects.toThrow(/profile/);
    await expect(read('SY02\tSR1\n')).rejects.toThrow(/starts with a HEAD/);
  });
});

describe('column mappings', () => {
  const read = (text: string, m: ColumnMapping) => all(readCsvStatement(Readable.from([text]), m));

  it('DistroKid bank detail (TSV, USD earnings, album rows without ISRC)', async () => {
    const m: ColumnMapping = {
      delimiter: '\t',
      currency: 'USD',
      columns: {
        sale_month: 'Sale Month',
        territory: 'Country of Sale',
        isrc: 'ISRC',
        upc: 'UPC',
        title: 'Title',
        quantity: 'Quantity',
        amount: 'Earnings (USD)',
      },
    };
    const text = [
      'Reporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSong/Album\tCountry of Sale\tSongwriter Royalties Withheld\tEarnings (USD)',
      '2026-10-01\t2026-07\tSpotify\tA\t"Quoted" song\tCNA012600001\t\t1200\t100\tSong\tUS\t0\t3.861234',
      '2026-10-01\t2026-07\tiTunes\tA\tAlbum\t\t6900000000011\t1\t100\tAlbum\tGB\t0\t6.93',
    ].join('\n');
    expect(await read(text, m)).toEqual([
      {
        sale_month: '2026-07-01',
        territory: 'US',
        isrc: 'CNA012600001',
        upc: '',
        title: '"Quoted" song',
        quantity: '1200',
        amount: '3.861234',
        currency: 'USD',
        fx_rate: '',
      },
      {
        sale_month: '2026-07-01',
        territory: 'GB',
        isrc: '',
        upc: '6900000000011',
        title: 'Album',
        quantity: '1',
        amount: '6.93',
        currency: 'USD',
        fx_rate: '',
      },
    ]);
    expect(mappingProblems(m)).toEqual([]);
  });

  it('TuneCore sales report (CSV, its own currency and exchange rate per line)', async () => {
    const m: ColumnMapping = {
      delimiter: ',',
      columns: {
        sale_month: 'Sales Period',
        territory: 'Country Of Sale',
        isrc: 'Optional ISRC',
        upc: 'UPC',
        title: 'Song Title',
        quantity: '# Units Sold',
        amount: 'Net Sales',
        currency: 'Net Sales Currency',
        fx_rate: 'Exchange Rate',
      },
    };
    const text =
      'Sales Period,Posted Date,Store Name,Country Of Sale,Artist,Release Type,Release Title,Song Title,Label,UPC,Optional UPC,TC song ID,Optional ISRC,Sales Type,# Units Sold,Per Unit Price,Net Sales,Net Sales Currency,Exchange Rate,Total Earned,Currency\n' +
      '2026-06-01,2026-09-15,Apple Music,DE,A,Album,R,"Song, Part 2",L,6900000000011,,1,CNA012600002,Stream,"1,234",0.004,4.94,EUR,7.8,38.53,CNY\n';
    expect(await read(text, m)).toEqual([
      {
        sale_month: '2026-06-01',
        territory: 'DE',
        isrc: 'CNA012600002',
        upc: '6900000000011',
        title: 'Song, Part 2',
        quantity: '1234',
        amount: '4.94',
        currency: 'EUR',
        fx_rate: '7.8',
      },
    ]);
  });

  it('the generic layout; a missing column and a bad date are named', async () => {
    const m: ColumnMapping = {
      delimiter: ',',
      columns: { sale_month: 'sale_month', isrc: 'isrc', quantity: 'quantity', amount: 'amount', currency: 'currency' },
    };
    expect(
      await read('sale_month,isrc,quantity,amount,currency\n10/15/2023 12:00:00 AM,CNA012600001,3,0.09,CNY\n', m),
    ).toMatchObject([{ sale_month: '2023-10-01', quantity: '3', amount: '0.09' }]);
    await expect(read('sale_month,quantity,amount,currency\n2026-01,1,1,CNY\n', m)).rejects.toThrow(
      /lacks the column\(s\) isrc/,
    );
    await expect(read('sale_month,isrc,quantity,amount,currency\n2026-13,X,1,1,CNY\n', m)).rejects.toThrow(
      /line 2: sale month/,
    );
    expect(mappingProblems({ delimiter: ',', columns: { sale_month: 'a', quantity: 'b', amount: 'c' } })).toEqual([
      'isrc|upc',
      'currency',
    ]);
  });
});
