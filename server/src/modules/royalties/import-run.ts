/**
 * Runs one import (the `royalties:import` job): the file is staged with PostgreSQL COPY as a stream into tables of
 * the import's own, summed by distinct cells as it lands (line-chunks.ts: a CSV/TSV as it is, a DSR or a CSV COPY
 * cannot take read and checked line by line), then checked, matched, shared on aggregates and posted to the ledger
 * in ONE transaction, which also attaches the staged lines as the import's partitions of royalty_lines. A crash
 * anywhere before that commit leaves only unattached staging tables, which the rerun drops and writes again; after
 * it, the rerun finds the import posted and stops. So a report lands wholly once, never twice.
 */

import { createReadStream } from 'node:fs';
import { errorText } from '@trackline/contract/errors';
import { templated } from '@trackline/contract/message-templates';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { progressWriter } from '../../platform/jobs/progress';
import { sendToUsers } from '../messages/messages.service';
import { allocateLargestRemainder } from './allocate';
import { copyLines } from './chunk-careful';
import { copyFile } from './chunk-copy';
import { type ColumnMapping, readCsvStatement } from './csv-statement';
import { peekDsrHeader, readDsrReport } from './dsr';
import * as repo from './import.repository';
import { post, reverse } from './ledger';
import { credit, debit, type EntryInput } from './ledger-accounts';
import { aggTable, attachChunks, dropStaged, type Normalising, type Staging } from './line-chunks';
import { StatementError, type StatementLine } from './statement-line';

/** Exact amounts are carried in 10⁻¹⁶ fen; × rate% makes the common denominator of every part 10¹⁸ per fen. */
const PART_DENOMINATOR = 10n ** 18n;

class DuplicateMessage extends Error {}
/** The fast way took cells the careful reader refuses: read again the careful way, which names the line. */
class ReadCarefully extends Error {}

/** What was staged: the chunks, and whether the careful reader wrote them (its lines are checked already). */
type Staged = (Staging & { careful: boolean; currency: string }) | { waiting: true };

/**
 * Stages the file: a CSV/TSV goes to PostgreSQL COPY as it is (line-chunks.ts); a DSR, or a CSV COPY cannot take
 * as it is, is read and checked line by line and written with COPY.
 */
async function stage(deps: Deps, row: repo.ImportRow, careful: boolean): Promise<Staged> {
  const db = deps.database.db;
  await dropStaged(db, row.id);
  let mapping: ColumnMapping | undefined;
  if (row.format === 'csv') {
    mapping = await repo.findMapping(db, row.mapping_code!);
    if (!mapping) throw new StatementError(`mapping ${row.mapping_code} does not exist`);
  }
  // the statement's currency for cells without one (its mapping's), and the import's rate
  const norm = { currency: mapping?.currency ?? '', fx_rate: row.fx_rate };
  if (mapping && !careful) {
    const progress = progressWriter((n: number) => repo.setProgress(db, row.id, n));
    const staging = await copyFile(deps, row.id, row.file_path, mapping, norm, (n) => void progress.report(n));
    await progress.flush();
    if (staging) return { ...staging, careful: false, currency: norm.currency };
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
  return { ...(await stageLines(deps, row, files, norm)), careful: true, currency: norm.currency };
}

/** Reads the file(s) line by line, every line checked in JavaScript, into one chunk with COPY. */
async function stageLines(deps: Deps, row: repo.ImportRow, files: string[], norm: Normalising): Promise<Staging> {
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
  // a DSR's lines are numbered among its sales lines; a statement's by the file's lines after the header
  const staging = await copyLines(deps, row.id, lines, norm, row.format === 'dsr' ? 1 : 2, (n) => progress.report(n));
  await progress.flush();
  return staging;
}

/** Checks, matches, shares on aggregates, the ledger posting, the bills' rows and the messages: one transaction. */
async function postImport(
  deps: Deps,
  trx: Db,
  row: repo.ImportRow,
  staged: Staging & { careful: boolean; currency: string },
  phase: (name: string) => void = () => {},
): Promise<void> {
  await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
  await sql`SET LOCAL jit = off`.execute(trx);
  await repo.setDefaultCurrency(trx, row.id, staged.currency);
  if (staged.chunks.some((c) => c.bad_cells) && !staged.careful) throw new ReadCarefully();
  if (staged.chunks.some((c) => c.no_rate)) throw new StatementError(errorText('IMPORT_RATE_REQUIRED', 'en'));
  const aggregates = await repo.aggregates(
    trx,
    staged.money.map((p) => aggTable(row.id, p.part)),
  );
  // what no key matched: the report's lines and money less the matched (the keys, still landing, are checked
  // against it before they are attached)
  const all = staged.chunks.reduce((n, c) => n + c.lines, 0);
  const unmatchedNet = await repo.netDifference(
    trx,
    staged.chunks.map((c) => c.net),
    staged.money.map((p) => p.matched_net),
  );
  const unmatched = {
    lines: all - staged.money.reduce((n, p) => n + p.matched_lines, 0),
    all,
    net: unmatchedNet.exact,
    net_units: unmatchedNet.units,
  };
  phase('aggregates');
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
  phase('ledger, shares');
  // The keys and the money read one match (key-parts.ts): the keys must cover every line and leave unmatched exactly
  // what the money did; anything else is a fault of staging, and nothing is posted.
  const keys = await staged.keys;
  if (
    keys.reduce((n, k) => n + k.all_lines, 0) !== all ||
    keys.reduce((n, k) => n + k.unmatched_lines, 0) !== unmatched.lines ||
    !(await repo.sameSum(
      trx,
      keys.map((k) => k.unmatched_net),
      [unmatched.net],
    ))
  )
    throw new Error(`import ${row.id}: the staged keys do not add up to the staged money`);
  phase('keys (waited for)');
  // last, so the lock it takes on royalty_lines is held only for the commit
  await attachChunks(trx, row.id, staged, keys);
  phase('attach');
  const month = row.accounting_month.slice(0, 7);
  await sendToUsers(
    deps,
    [...perUser.keys()],
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
  // One run of an import at a time (a retry beside a slow first run would drop the tables the first is posting):
  // a session lock, let go when the run ends or its connection dies with its process.
  const lock = await deps.database.pool.connect();
  try {
    const { rows } = await lock.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
      IMPORT_LOCK,
      importId,
    ]);
    if (!rows[0]!.ok) throw new Error(`import ${importId} is being run by another worker`);
    try {
      await runLocked(deps, importId, phase);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1, $2)', [IMPORT_LOCK, importId]);
    }
  } finally {
    lock.release();
  }
}

/** The first key of the advisory lock a run holds (the second is the import's id). */
const IMPORT_LOCK = 0x10a7;

async function runLocked(deps: Deps, importId: number, phase: (name: string) => void): Promise<void> {
  const db = deps.database.db;
  const row = await repo.findImport(db, importId);
  if (!row || row.state === 'posted' || row.state === 'replaced' || row.state === 'failed' || row.state === 'part')
    return;
  await repo.setImportState(db, row.id, 'running');
  try {
    let careful = false;
    for (;;) {
      const staged = await stage(deps, row, careful);
      phase('stage');
      if ('waiting' in staged) return;
      const fresh = (await repo.findImport(db, row.id))!;
      try {
        await db.transaction().execute(async (trx) => {
          // The row lock makes two runs of one import (a retry beside a slow first run) post once.
          const locked = await repo.findImport(trx, row.id, true);
          if (locked?.state !== 'running') return;
          await postImport(deps, trx, fresh, staged, phase);
        });
        phase('commit');
        return;
      } catch (err) {
        // the keys may still be landing: nothing staged is dropped or staged again under them
        await staged.keys.catch(() => {});
        if (!(err instanceof ReadCarefully)) throw err;
        careful = true;
      }
    }
  } catch (err) {
    if (err instanceof StatementError) {
      await dropStaged(db, row.id);
      await repo.setImportState(db, row.id, 'failed', err.message.slice(0, 500));
      // a multi-file report that does not read fails with all its files (so it can be sent again)
      const failed = await repo.findImport(db, row.id);
      if (failed && failed.number_of_files > 1) await repo.settleParts(db, failed, err.message);
      return;
    }
    if (err instanceof DuplicateMessage) {
      await dropStaged(db, row.id);
      await repo.setImportState(db, row.id, 'failed', `${errorText('IMPORT_DUPLICATE', 'en')}: ${err.message}`);
      return;
    }
    throw err;
  }
}
