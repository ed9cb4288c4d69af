/** Store reports written for the tests: DDEX DSR flat files (Basic Audio) and CSV statements, plus catalogue rows. */
import type { TestApp } from './harness';

export interface DsrSale {
  isrc?: string;
  upc?: string;
  territory: string;
  currency?: string;
  usages: number;
  net: string;
}

/**
 * One DSR file: HEAD, a summary record per (territory, currency), a block per sale (RE01, AS01, SU02), FOOT with
 * the counts (`footLines` overrides the line count, to test the check).
 */
export function dsrFile(opts: {
  messageId: string;
  sender?: string;
  period?: string;
  sales: DsrSale[];
  footLines?: number;
  cutShort?: boolean;
}): string {
  const period = opts.period ?? '2026-07';
  const lines: string[] = [];
  lines.push(
    [
      'HEAD',
      'dsrf/1.1.2/6/1.0',
      'BasicAudioProfile',
      '1.2',
      opts.messageId,
      '2026-10-03T08:00:00Z',
      '1',
      '1',
      `${period}-01`,
      `${period}-31`,
      opts.sender ?? 'PADPIDA2014120301F',
      'Test DSP',
      'SubscriptionService',
      'PADPIDA2026TRACKLINE',
      'Trackline',
    ].join('\t'),
  );
  const summaries = new Map<string, string>();
  for (const s of opts.sales) {
    const key = `${s.territory}|${s.currency ?? 'CNY'}`;
    if (!summaries.has(key)) summaries.set(key, `SR${summaries.size + 1}`);
  }
  for (const [key, id] of summaries) {
    const [territory, currency] = key.split('|');
    lines.push(
      [
        'SY02',
        id,
        'Test DSP',
        '',
        'SubscriptionModel',
        'OnDemandStream',
        territory,
        'Premium',
        '0',
        '0',
        currency,
        '0',
      ].join('\t'),
    );
  }
  opts.sales.forEach((s, i) => {
    const block = `B${i + 1}`;
    lines.push(['RE01', block, `R${i}`, `DSPR${i}`, '', '', s.upc ?? '', `Release ${i}`, 'Artist'].join('\t'));
    lines.push(['AS01', block, `A${i}`, `DSPA${i}`, s.isrc ?? '', `Track ${i}`, 'Artist'].join('\t'));
    const sr = summaries.get(`${s.territory}|${s.currency ?? 'CNY'}`)!;
    lines.push(
      ['SU02', block, sr, `ST${i}`, `R${i}`, s.isrc ? `A${i}` : '', 'true', String(s.usages), s.net].join('\t'),
    );
  });
  const count = lines.length + 1;
  lines.push(
    [
      'FOOT',
      String(opts.footLines ?? count),
      String(count),
      String(summaries.size),
      String(opts.sales.length),
      String(opts.sales.length),
    ].join('\t'),
  );
  const text = `${lines.join('\n')}\n`;
  return opts.cutShort ? text.slice(0, text.lastIndexOf('FOOT')) : text;
}

export function genericCsv(
  rows: Array<{
    month: string;
    territory: string;
    isrc?: string;
    upc?: string;
    qty: number;
    amount: string;
    currency?: string;
    rate?: string;
  }>,
): string {
  const head = 'sale_month,territory,isrc,upc,title,quantity,amount,currency,exchange_rate';
  const body = rows.map((r) =>
    [
      r.month,
      r.territory,
      r.isrc ?? '',
      r.upc ?? '',
      '"Title, with comma"',
      r.qty,
      r.amount,
      r.currency ?? 'CNY',
      r.rate ?? '',
    ].join(','),
  );
  return `${[head, ...body].join('\n')}\n`;
}

/** A released work of `userId`: an album with a UPC and tracks with the given ISRCs. */
export async function catalogue(
  t: TestApp,
  userId: number,
  upc: string,
  isrcs: string[],
): Promise<{ workId: number; trackIds: number[] }> {
  const { rows } = await t.sql(
    `insert into works (user_id, kind, status, title, upc) values ($1, 'album', '991', 'Album ' || $2, $2) returning id`,
    [userId, upc],
  );
  const workId = rows[0].id as number;
  const trackIds: number[] = [];
  for (const [i, isrc] of isrcs.entries()) {
    const tr = await t.sql(
      `insert into work_tracks (work_id, position, title, isrc) values ($1, $2, $3, $4) returning id`,
      [workId, i + 1, `Song ${isrc}`, isrc],
    );
    trackIds.push(tr.rows[0].id);
  }
  return { workId, trackIds };
}

/**
 * One report split across files (`parts`: the sales of each file): every file has its HEAD (FileNumber of
 * NumberOfFiles, one MessageId) and FOOT (lines and blocks of the file, then of the report); the summary records
 * are in the first file. `reportLines` overrides the last FOOT's lines-in-report count, to test the check.
 */
export function dsrReportFiles(opts: {
  messageId: string;
  sender?: string;
  period?: string;
  parts: DsrSale[][];
  reportLines?: number;
}): string[] {
  const period = opts.period ?? '2026-07';
  const summaries = new Map<string, string>();
  for (const s of opts.parts.flat()) {
    const key = `${s.territory}|${s.currency ?? 'CNY'}`;
    if (!summaries.has(key)) summaries.set(key, `SR${summaries.size + 1}`);
  }
  let sale = 0;
  const bodies = opts.parts.map((sales, f) => {
    const lines = [
      [
        'HEAD',
        'dsrf/1.1.2/6/1.0',
        'BasicAudioProfile',
        '1.2',
        opts.messageId,
        '2026-10-03T08:00:00Z',
        String(f + 1),
        String(opts.parts.length),
        `${period}-01`,
        `${period}-31`,
        opts.sender ?? 'PADPIDA2014120301F',
        'Test DSP',
        'SubscriptionService',
        'PADPIDA2026TRACKLINE',
        'Trackline',
      ].join('\t'),
    ];
    if (f === 0)
      for (const [key, id] of summaries) {
        const [territory, currency] = key.split('|');
        lines.push(
          [
            'SY02',
            id,
            'Test DSP',
            '',
            'SubscriptionModel',
            'OnDemandStream',
            territory,
            'Premium',
            '0',
            '0',
            currency,
            '0',
          ].join('\t'),
        );
      }
    for (const s of sales) {
      const i = sale++;
      const block = `B${i + 1}`;
      lines.push(['RE01', block, `R${i}`, `DSPR${i}`, '', '', s.upc ?? '', `Release ${i}`, 'Artist'].join('\t'));
      lines.push(['AS01', block, `A${i}`, `DSPA${i}`, s.isrc ?? '', `Track ${i}`, 'Artist'].join('\t'));
      const sr = summaries.get(`${s.territory}|${s.currency ?? 'CNY'}`)!;
      lines.push(
        ['SU02', block, sr, `ST${i}`, `R${i}`, s.isrc ? `A${i}` : '', 'true', String(s.usages), s.net].join('\t'),
      );
    }
    return { lines, blocks: sales.length };
  });
  const reportLines = bodies.reduce((n, b) => n + b.lines.length + 1, 0);
  return bodies.map(
    (b) =>
      `${[
        ...b.lines,
        [
          'FOOT',
          String(b.lines.length + 1),
          String(opts.reportLines ?? reportLines),
          String(summaries.size),
          String(b.blocks),
          String(sale),
        ].join('\t'),
      ].join('\n')}\n`,
  );
}
