/**
 * The fast way in for a CSV/TSV statement: the file's bytes go to PostgreSQL `COPY` as they are, into the import's
 * chunk tables (line-chunks.ts), the quantity, amount and exchange rate typed by COPY itself. A big file is cut at
 * line boundaries into a large and a small chunk per `IMPORT_COPY_STREAMS` connection (a comma file only when it has
 * no quotes: a quoted cell may hold a line break); the connections take the chunks in turn, each copying and
 * grouping one at a time, then each stages a part of the report's matched money and keys (key-parts.ts). A file
 * COPY cannot take (a cell that does not read as its type, a line with more or fewer cells, bytes that are not
 * UTF-8, a line without an amount) answers `false`: the careful way reads it then (chunk-careful.ts).
 */

import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Deps } from '../../platform/deps';
import type { ColumnMapping } from './csv-statement';
import { stageKeyPart, stageMoneyPart } from './key-parts';
import {
  type Chunk,
  type ChunkProblems,
  chunkTable,
  createChunk,
  dropStaged,
  groupChunk,
  type MoneyPart,
  type Normalising,
  type Part,
  ROLES,
  type Staging,
} from './line-chunks';
import { StatementError } from './statement-line';

/** A file smaller than this is copied in one chunk (a partition per import, not per few lines). */
const SPLIT_MIN_BYTES = 16 * 2 ** 20;
/**
 * Where a split file is cut, as fractions of its size: one large chunk per connection (four fifths of the file
 * among them), then a small one per connection, each taken by whichever connection is free first, so a connection
 * the machine slows down takes less of the tail. Few chunks, because each repeats the report's matched groups (a
 * track's sales in each month and territory) and the fixed costs of a chunk: three equal chunks per connection
 * measured a twentieth slower than one, and one per connection would leave a slowed connection no way to catch up.
 */
function cutFractions(streams: number): number[] {
  const large = Array.from({ length: streams }, (_, i) => ((i + 1) * 0.8) / streams);
  return [...large, ...Array.from({ length: streams - 1 }, (_, i) => 0.8 + ((i + 1) * 0.2) / streams)];
}

/**
 * The head of the file: the header's cells (BOM and spaces taken off), null when the header has quotes (a quoted
 * name may hold the delimiter: the careful reader reads such a file); and its lines per byte, for the progress shown
 * while chunks are copied (counting every line break as it went by cost a tenth of a second of this process per
 * million lines; the count is exact once a chunk is in).
 */
async function readHead(file: string, delimiter: string): Promise<{ cells: string[] | null; linesPerByte: number }> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(1 << 18);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    let breaks = 0;
    for (let i = buf.indexOf(10); i !== -1 && i < bytesRead; i = buf.indexOf(10, i + 1)) breaks += 1;
    const linesPerByte = bytesRead > 0 ? Math.max(breaks, 1) / bytesRead : 0;
    let text = buf.subarray(0, Math.min(bytesRead, 64 * 1024)).toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const end = text.search(/\r?\n/);
    const line = end < 0 ? text : text.slice(0, end);
    return { cells: line.includes('"') ? null : line.split(delimiter).map((c) => c.trim()), linesPerByte };
  } finally {
    await fh.close();
  }
}

/** Counts the bytes going by (for the console's progress), passing them on untouched. */
function byteCounter(onBytes: (n: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
}

/** Whether the file holds a byte (a quote), read in large blocks into one buffer (a stream allocates each block). */
async function contains(file: string, byte: number): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(4 << 20);
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, buf.length, null);
      if (bytesRead === 0) return false;
      if (buf.subarray(0, bytesRead).includes(byte)) return true;
    }
  } finally {
    await fh.close();
  }
}

/** Byte offsets cutting the file near each fraction of its size, each just after a line break. */
async function cutPoints(file: string, size: number, fractions: number[]): Promise<number[]> {
  const fh = await open(file, 'r');
  try {
    const points = [0];
    const buf = Buffer.alloc(1 << 16);
    for (const fraction of fractions) {
      let at = Math.floor(size * fraction);
      for (;;) {
        const { bytesRead } = await fh.read(buf, 0, buf.length, at);
        if (bytesRead === 0) {
          at = size;
          break;
        }
        const nl = buf.subarray(0, bytesRead).indexOf(10);
        if (nl >= 0) {
          at += nl + 1;
          break;
        }
        at += bytesRead;
      }
      if (at > points[points.length - 1]! && at < size) points.push(at);
    }
    points.push(size);
    return points;
  } finally {
    await fh.close();
  }
}

class CopyRefused extends Error {}

function deferred() {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * The fast way: the CSV/TSV into chunk tables with COPY, each grouped. Answers the chunks, or `false` when COPY
 * could not take the file (nothing staged is left behind then).
 */
export async function copyFile(
  deps: Deps,
  importId: number,
  file: string,
  mapping: ColumnMapping,
  norm: Normalising,
  onLines: (n: number) => void,
  opts: { splitMinBytes?: number; streams?: number; chunks?: number } = {},
): Promise<Staging | false> {
  const head = await readHead(file, mapping.delimiter);
  const header = head.cells;
  if (!header) return false;
  const missing = Object.values(mapping.columns).filter((name) => name && !header.includes(name));
  if (missing.length > 0) throw new StatementError(`the header lacks the column(s) ${missing.join(', ')}`, 1);
  if (new Set(header).size !== header.length) return false;
  // Each header cell lands in the column of the role the mapping gives it, or in an extra cell dropped after COPY.
  const cells = header.map((name, i) => {
    const roles = ROLES.filter((r) => mapping.columns[r] === name);
    return roles.length === 1 ? roles[0]! : roles.length === 0 ? `x${i + 1}` : null;
  });
  if (cells.includes(null)) return false;
  const columns = cells as string[];
  const extra = columns.filter((c) => c.startsWith('x'));

  const size = (await stat(file)).size;
  const tab = mapping.delimiter === '\t';
  const streams = opts.streams ?? deps.config.importCopyStreams;
  const split = streams > 1 && size >= (opts.splitMinBytes ?? SPLIT_MIN_BYTES) && (tab || !(await contains(file, 34)));
  // (a test may ask for n equal chunks)
  const n = opts.chunks;
  const fractions = n ? Array.from({ length: n - 1 }, (_, i) => (i + 1) / n) : cutFractions(streams);
  const points = split ? await cutPoints(file, size, fractions) : [0, size];
  // TSV statements carry quotes inside titles: no quoting there (a control character no statement has).
  const quote = tab ? `E'\\x01'` : `'"'`;
  const delimiter = tab ? `E'\\t'` : `'${mapping.delimiter}'`;

  const chunkCount = points.length - 1;
  // one connection per stream, each a part of the report's keys once every chunk is grouped
  const parts = Math.min(streams, chunkCount);
  const rows = new Array<number>(chunkCount).fill(0);
  // progress: the exact lines of the chunks copied, and an estimate from the bytes of those being copied
  const perByte = head.linesPerByte;
  const inFlight = new Array<number>(chunkCount).fill(0);
  const progress = () =>
    onLines(rows.reduce((sum, r) => sum + r, 0) + Math.round(inFlight.reduce((sum, b) => sum + b, 0) * perByte));
  const problems: ChunkProblems[] = [];

  /** One chunk on the connection's own transaction: created, copied (COPY FREEZE: it is new), grouped, committed. */
  const copyChunk = async (client: PoolClient, k: number) => {
    await client.query('BEGIN');
    // staging is redone from the file after a crash: its commits need not wait for the disk (the posting's does)
    await client.query('SET LOCAL synchronous_commit = off');
    await createChunk(client, importId, k, extra);
    const sink = client.query(
      copyFrom(
        `COPY ${chunkTable(importId, k)} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv, HEADER ${
          k === 1 ? 'true' : 'false'
        }, DELIMITER ${delimiter}, QUOTE ${quote}, ENCODING 'UTF8', FREEZE true)`,
      ),
    );
    await pipeline(
      createReadStream(file, { start: points[k - 1]!, end: points[k]! - 1, highWaterMark: 1 << 18 }),
      byteCounter((n) => {
        inFlight[k - 1]! += n;
        progress();
      }),
      sink,
    );
    rows[k - 1] = sink.rowCount;
    inFlight[k - 1] = 0;
    progress();
    if (extra.length > 0)
      await client.query(`ALTER TABLE ${chunkTable(importId, k)} ${extra.map((c) => `DROP COLUMN ${c}`).join(', ')}`);
    problems[k - 1] = await groupChunk(deps, client, importId, k, norm, parts);
    await client.query('COMMIT');
  };

  // The chunks are taken in file order by whichever connection is free (a connection slowed by the machine or by
  // writing the WAL for both takes fewer), so neither waits long for the other at the barrier.
  let next = 0;
  const grouped = Array.from({ length: parts }, () => deferred());
  const allGrouped = Promise.all(grouped.map((g) => g.promise));
  allGrouped.catch(() => {});
  const money: MoneyPart[] = [];
  const moneyIn = Array.from({ length: parts }, () => deferred());
  const stream = async (p: number): Promise<Part> => {
    const client = await deps.database.pool.connect();
    let groupedHere = false;
    let moneyHere = false;
    try {
      for (let k = ++next; k <= chunkCount; k = ++next) await copyChunk(client, k);
      groupedHere = true;
      grouped[p - 1]!.resolve();
      await allGrouped;
      money[p - 1] = await stageMoneyPart(deps, client, importId, p, chunkCount);
      moneyHere = true;
      moneyIn[p - 1]!.resolve();
      return await stageKeyPart(deps, client, importId, p, chunkCount);
    } catch (err) {
      if (!groupedHere) grouped[p - 1]!.reject(err);
      if (!moneyHere) moneyIn[p - 1]!.reject(err);
      next = chunkCount;
      await client.query('ROLLBACK').catch(() => {});
      const code = (err as { code?: string }).code ?? '';
      // data exceptions (a cell that does not read, a line with more or fewer cells, bytes that are not UTF-8) and a
      // line without an amount (not null violation): the careful reader names the line
      if (code.startsWith('22') || code === '23502') throw new CopyRefused();
      throw err;
    } finally {
      client.release();
    }
  };
  const running = Array.from({ length: parts }, (_, i) => stream(i + 1));
  // the parts' keys go on landing while the posting starts; it waits for them before attaching them
  const keys = Promise.all(running);
  keys.catch(() => {});
  try {
    await Promise.all(moneyIn.map((m) => m.promise));
  } catch {
    const results = await Promise.allSettled(running);
    const failure = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    await dropStaged(deps.database.db, importId);
    if (failure.reason instanceof CopyRefused) return false;
    throw failure.reason;
  }
  const chunks: Chunk[] = [];
  let line = 2;
  for (let k = 1; k <= chunkCount; k++) {
    chunks.push({ chunk: k, first_line: line, lines: rows[k - 1]!, ...problems[k - 1]! });
    line += rows[k - 1]!;
  }
  return { chunks, money, keys };
}
