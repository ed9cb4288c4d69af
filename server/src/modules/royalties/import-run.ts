/**
 * Runs one import (the `royalties:import` job): the file is staged with PostgreSQL COPY as a stream (a CSV/TSV as
 * it is, into a raw table checked in SQL at posting; a DSR read and checked line by line), then checked, matched,
 * shared on aggregates and posted to the ledger in ONE transaction. A crash anywhere before that commit leaves
 * nothing but staging rows, which the rerun clears and rewrites; after it, the rerun finds the import posted and
 * stops. So a report lands wholly once, never twice.
 */

import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errorText } from '@trackline/contract/errors';
import { templated } from '@trackline/contract/message-templates';
import { sql } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { progressWriter } from '../../platform/jobs/progress';
import { sendToUser } from '../messages/messages.service';
import { allocateLargestRemainder } from './allocate';
import { copyRaw, dropRaw, isBadLine, rawLinesSource } from './csv-copy';
import { type ColumnMapping, readCsvStatement } from './csv-statement';
import { peekDsrHeader, readDsrReport } from './dsr';
import * as repo from './import.repository';
import { post, reverse } from './ledger';
import { credit, debit, type EntryInput } from './ledger-accounts';
import { StatementError, type StatementLine } from './statement-line';

/** Exact amounts are carried in 10⁻¹⁶ fen; × rate% makes the common denominator of every part 10¹⁸ per fen. */
const PART_DENOMINATOR = 10n ** 18n;
const BATCH = 2000;

function copyText(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

async function* copyRows(importId: number, lines: AsyncIterable<StatementLine>, onCount: (n: number) => Promise<void>) {
  let n = 0;
  let batch = '';
  for await (const l of lines) {
    n += 1;
    batch += `${importId}\t${n}\t${l.sale_month}\t${copyText(l.territory)}\t${copyText(l.isrc)}\t${copyText(l.upc)}\t${copyText(
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

class DuplicateMessage extends Error {}

/** Where the posting reads the staged lines from: royalty_staging, or a CSV's raw table checked in SQL. */
type Staged = { raw: false } | { raw: true; header: string[]; mapping: ColumnMapping } | { waiting: true };

/**
 * Stages the file: a CSV/TSV goes to PostgreSQL COPY as it is (csv-copy.ts); a DSR, or a CSV COPY cannot take
 * as it is, is read and checked line by line and written to royalty_staging with COPY.
 */
async function stage(deps: Deps, row: repo.ImportRow): Promise<Staged> {
  const db = deps.database.db;
  await repo.clearStaging(db, row.id);
  if (row.format === 'csv') {
    const mapping = await repo.findMapping(db, row.mapping_code!);
    if (!mapping) throw new StatementError(`mapping ${row.mapping_code} does not exist`);
    const progress = progressWriter((n: number) => repo.setProgress(db, row.id, n));
    const header = await copyRaw(deps, row.id, row.file_path, mapping, (n) => void progress.report(n));
    await progress.flush();
    if (header) return { raw: true, header, mapping };
  }
  let files = [row.file_path];
  if (row.format === 'dsr') {
    const head = await peekDsrHeader(row.file_path);
    if (head.numberOfFiles > 1) {
      let parts: Awaited<ReturnType<typeof repo.registerPart>>;
      try {
        parts = await repo.registerPart(db, row.id, {
          sender: head.sender,
          message_id: head.messageId,
          period_start: head.periodStart,
          file_number: head.fileNumber,
          number_of_files: head.numberOfFiles,
        });
      } catch (err) {
        if ((err as { code?: string }).code === '23505')
          throw new DuplicateMessage(`${head.messageId} file ${head.fileNumber}`);
        throw err;
      }
      // the report's other files have not all arrived: this one waits, the last one's import reads them all
      if (!parts) return { waiting: true };
      files = parts.map((p) => p.file_path);
    }
  }
  await stageLines(deps, row, files);
  return { raw: false };
}

/** Reads the file into royalty_staging with COPY, every line checked in JavaScript; answers the number of lines. */
async function stageLines(deps: Deps, row: repo.ImportRow, files: string[]): Promise<number> {
  const db = deps.database.db;
  let lines: AsyncIterable<StatementLine>;
  if (row.format === 'dsr') {
    lines = readDsrReport(files, async (h) => {
      const replaces = await repo.findPredecessor(db, {
        id: row.id,
        platform_code: row.platform_code,
        sender: h.sender,
        message_id: h.messageId,
        period_start: h.periodStart,
      });
      try {
        await repo.setMessage(db, row.id, {
          sender: h.sender,
          message_id: h.messageId,
          period_start: h.periodStart,
          replaces_id: replaces ?? null,
        });
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw new DuplicateMessage(h.messageId);
        throw err;
      }
    });
  } else {
    const mapping = await repo.findMapping(db, row.mapping_code!);
    if (!mapping) throw new StatementError(`mapping ${row.mapping_code} does not exist`);
    lines = readCsvStatement(createReadStream(row.file_path), mapping);
  }
  const progress = progressWriter((n: number) => repo.setProgress(db, row.id, n));
  let count = 0;
  const client = await deps.database.pool.connect();
  try {
    const sink = client.query(
      copyFrom(
        'COPY royalty_staging (import_id, line_no, sale_month, territory, isrc, upc, title, quantity, amount, currency, fx_rate) FROM STDIN',
      ),
    );
    await pipeline(
      Readable.from(
        copyRows(row.id, lines, async (n) => {
          count = n;
          await progress.report(n);
        }),
      ),
      sink,
    );
  } finally {
    client.release();
  }
  await progress.flush();
  return count;
}

/** Shares on aggregates, the ledger posting, the bills' rows and the musicians' messages: one transaction. */
async function postImport(
  deps: Deps,
  trx: Db,
  row: repo.ImportRow,
  staged: Exclude<Staged, { waiting: true }>,
  phase: (name: string) => void = () => {},
): Promise<void> {
  // One statement over the whole report: hash tables in memory, and no JIT (compiling it cost a quarter of a
  // million-line posting, for expressions run once per line).
  await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
  await sql`SET LOCAL jit = off`.execute(trx);
  const { aggregates, unmatched } = await repo.insertLines(
    trx,
    row.id,
    row.platform_code,
    staged.raw ? rawLinesSource(row.id, staged.header, staged.mapping) : undefined,
  );
  phase('lines');
  const numerators: bigint[] = [];
  for (const a of aggregates) {
    const net = BigInt(a.net_units);
    numerators.push(net * BigInt(a.rate), net * BigInt(100 - a.rate));
  }
  numerators.push(BigInt(unmatched.net_units) * 100n);
  const parts = allocateLargestRemainder(numerators, PART_DENOMINATOR);
  const shares = aggregates.map((a, i) => ({
    ...a,
    share_fen: parts[2 * i]!,
    net_fen: parts[2 * i]! + parts[2 * i + 1]!,
  }));
  const suspense = parts[parts.length - 1]!;
  const total = parts.reduce((s, p) => s + p, 0n);
  const platformShare = shares.reduce((s, a) => s + (a.net_fen - a.share_fen), 0n);
  const perUser = new Map<number, bigint>();
  for (const s of shares) perUser.set(s.user_id, (perUser.get(s.user_id) ?? 0n) + s.share_fen);

  if (row.replaces_id) {
    const old = await repo.findImport(trx, row.replaces_id, true);
    if (old?.state === 'posted') {
      if (old.transaction_id)
        await reverse(trx, {
          transactionId: old.transaction_id,
          key: `royalties:replace:${old.id}`,
          kind: 'import_reversal',
          memo: `import #${old.id} replaced by #${row.id}`,
        });
      await repo.setImportState(trx, old.id, 'replaced');
    }
  }

  const entries: EntryInput[] = [
    debit({ kind: 'receivable', platform: row.platform_code }, total),
    credit({ kind: 'share' }, platformShare),
    credit({ kind: 'suspense' }, suspense),
    ...[...perUser].map(([userId, fen]) => credit({ kind: 'available', userId }, fen)),
  ];
  const hasMoney = entries.some((e) => e.amount !== 0n);
  const posted = hasMoney
    ? await post(trx, {
        key: `royalties:import:${row.id}`,
        kind: 'import',
        importId: row.id,
        memo: `${row.platform_code} ${row.accounting_month.slice(0, 7)} ${row.file_name}`.slice(0, 200),
        entries,
      })
    : null;
  await repo.insertShares(trx, row.id, row.platform_code, row.accounting_month, shares);
  await repo.markPosted(trx, row.id, {
    transaction_id: posted?.id ?? null,
    lines: unmatched.all,
    unmatched_lines: unmatched.lines,
    total,
    share: total - platformShare - suspense,
    platform: platformShare,
    suspense,
  });
  if (row.number_of_files > 1) await repo.settleParts(trx, row);
  await repo.clearStaging(trx, row.id);
  await dropRaw(trx, row.id);
  phase('ledger, shares, drop');
  const month = row.accounting_month.slice(0, 7);
  for (const userId of perUser.keys())
    await sendToUser(
      deps,
      userId,
      templated('bill', 'bill.posted', { month }, `/person-center/income-bill?month=${month}`),
      trx,
    );
  phase('messages');
}

/** Called with each phase's name and milliseconds as it ends (bench/import prints them). */
export type PhaseTimer = (phase: string, ms: number) => void;

export async function runImport(deps: Deps, importId: number, onPhase?: PhaseTimer): Promise<void> {
  let t = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    onPhase?.(name, now - t);
    t = now;
  };
  const db = deps.database.db;
  const row = await repo.findImport(db, importId);
  if (!row || row.state === 'posted' || row.state === 'replaced' || row.state === 'failed' || row.state === 'part')
    return;
  await repo.setImportState(db, row.id, 'running');
  try {
    const staged = await stage(deps, row);
    phase('stage');
    if ('waiting' in staged) return;
    if (!staged.raw && (await repo.linesWithoutRate(db, row.id)) > 0)
      throw new StatementError(errorText('IMPORT_RATE_REQUIRED', 'en'));
    const fresh = (await repo.findImport(db, row.id))!;
    try {
      await db.transaction().execute(async (trx) => {
        // The row lock makes two runs of one import (a retry beside a slow first run) post once.
        const locked = await repo.findImport(trx, row.id, true);
        if (locked?.state !== 'running') return;
        await postImport(deps, trx, fresh, staged, phase);
      });
      phase('commit');
    } catch (err) {
      // The raw table's checks, in SQL: a cell that does not read, or a foreign line with no rate anywhere.
      if (isBadLine(err)) throw new StatementError((err as Error).message);
      const e = err as { code?: string; table?: string; column?: string };
      if (e.code === '23502' && e.table === 'royalty_lines' && e.column === 'fx_rate')
        throw new StatementError(errorText('IMPORT_RATE_REQUIRED', 'en'));
      throw err;
    }
  } catch (err) {
    if (err instanceof StatementError) {
      await dropRaw(db, row.id);
      await repo.clearStaging(db, row.id);
      await repo.setImportState(db, row.id, 'failed', err.message.slice(0, 500));
      // a multi-file report that does not read fails with all its files (so it can be sent again)
      const failed = await repo.findImport(db, row.id);
      if (failed && failed.number_of_files > 1) await repo.settleParts(db, failed, err.message);
      return;
    }
    if (err instanceof DuplicateMessage) {
      await dropRaw(db, row.id);
      await repo.clearStaging(db, row.id);
      await repo.setImportState(db, row.id, 'failed', `${errorText('IMPORT_DUPLICATE', 'en')}: ${err.message}`);
      return;
    }
    throw err;
  }
}
