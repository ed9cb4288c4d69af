/**
 * The careful way in: a DSR, or a CSV/TSV COPY cannot take as it is, read and checked line by line in JavaScript
 * (dsr.ts, csv-statement.ts: a bad line throws StatementError naming it), written normalised into one chunk table
 * with COPY, grouped, and its keys matched in one part.
 */

import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { Deps } from '../../platform/deps';
import { stageKeyPart, stageMoneyPart } from './key-parts';
import {
  type ChunkProblems,
  chunkTable,
  createChunk,
  groupChunk,
  type MoneyPart,
  type Normalising,
  type Part,
  ROLES,
  type Staging,
} from './line-chunks';
import type { StatementLine } from './statement-line';

function copyText(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

const BATCH = 2000;

async function* copyRows(lines: AsyncIterable<StatementLine>, onCount: (n: number) => Promise<void>) {
  let n = 0;
  let batch = '';
  for await (const l of lines) {
    n += 1;
    batch += `${l.sale_month}\t${copyText(l.territory)}\t${copyText(l.isrc)}\t${copyText(l.upc)}\t${copyText(
      l.title,
    )}\t${l.quantity}\t${l.amount}\t${copyText(l.currency)}\t${l.fx_rate === '' ? '\\N' : l.fx_rate}\n`;
    if (n % BATCH === 0) {
      yield batch;
      batch = '';
      await onCount(n);
    }
  }
  if (batch) yield batch;
  await onCount(n);
}

/**
 * The careful way: lines read and checked in JavaScript (a bad one throws StatementError naming it), written
 * normalised into chunk 1 with COPY and grouped. `firstLine` is the file's line of the first one.
 */
export async function copyLines(
  deps: Deps,
  importId: number,
  lines: AsyncIterable<StatementLine>,
  norm: Normalising,
  firstLine: number,
  onCount: (n: number) => Promise<void>,
): Promise<Staging> {
  const client = await deps.database.pool.connect();
  let count = 0;
  let problems: ChunkProblems;
  let money: MoneyPart;
  let part: Part;
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL synchronous_commit = off');
    await createChunk(client, importId, 1, []);
    await pipeline(
      Readable.from(
        copyRows(lines, async (n) => {
          count = n;
          await onCount(n);
        }),
      ),
      client.query(copyFrom(`COPY ${chunkTable(importId, 1)} (${ROLES.join(', ')}) FROM STDIN WITH (FREEZE true)`)),
    );
    problems = await groupChunk(deps, client, importId, 1, norm, 1);
    await client.query('COMMIT');
    money = await stageMoneyPart(deps, client, importId, 1, 1);
    part = await stageKeyPart(deps, client, importId, 1, 1);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  return {
    chunks: [{ chunk: 1, first_line: firstLine, lines: count, ...problems }],
    money: [money],
    keys: Promise.resolve([part]),
  };
}
