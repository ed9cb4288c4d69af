/**
 * bench/import: a generated store statement (BENCH_IMPORT_LINES, default 1,000,000 lines of the generic CSV layout,
 * 90% matching 1,000 tracks of 100 musicians, 10% unmatched over BENCH_IMPORT_UNMATCHED_CODES codes, default 99,999)
 * imported end to end the way the royalties:import job
 * does (COPY into the import's chunks, groups, keys; checks, shares and ledger in one transaction), against PostgreSQL COPY of
 * the same file into a bare table, in the same run on a fresh database of DATABASE_URL's server, in
 * BENCH_IMPORT_ROUNDS alternating rounds (default 3). Prints rows per second of both and their ratio in each round,
 * the median ratio (goal ≥ 0.5), and the process's peak memory growth during an import (goal < 100 MiB, flat in
 * the file's size: run with a smaller BENCH_IMPORT_LINES to compare).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createImport } from '../server/src/modules/royalties/import.service';
import { runImport } from '../server/src/modules/royalties/import-run';
import { withScratchDatabase } from './support/scratch-database';

const LINES = Number(process.env.BENCH_IMPORT_LINES ?? 1_000_000);
const TRACKS = 1000;
/**
 * Tracks in the catalogue (BENCH_IMPORT_CATALOGUE, default 1,000: the report's own); more adds tracks the report never
 * names (10 to a release), to see the matching against a large catalogue.
 */
const CATALOGUE = Math.max(TRACKS, Number(process.env.BENCH_IMPORT_CATALOGUE ?? TRACKS));
/** How many distinct codes no track has share the unmatched tenth of the lines (one key each in the report). */
const UNMATCHED_CODES = Number(process.env.BENCH_IMPORT_UNMATCHED_CODES ?? 99_999);
/** Alternating rounds of the baseline and the import; the median ratio is reported (BENCH_IMPORT_ROUNDS, default 3). */
const ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 3);
const isrc = (i: number) => `CNBEN26${String(i).padStart(5, '0')}`;

async function writeReport(file: string): Promise<void> {
  const out = createWriteStream(file);
  const write = (s: string) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write('sale_month,territory,isrc,upc,title,quantity,amount,currency,exchange_rate\n');
  const territories = ['CN', 'US', 'HK', 'TW', 'JP', 'GB', 'DE', 'FR'];
  let chunk = '';
  for (let i = 0; i < LINES; i++) {
    const code = i % 10 === 9 ? `CNZZZ26${String(i % UNMATCHED_CODES).padStart(5, '0')}` : isrc(i % TRACKS);
    chunk += `2026-0${1 + (i % 6)},${territories[i % 8]},${code},,Song ${i % TRACKS},${1 + (i % 500)},${((i % 9973) / 1000).toFixed(4)},CNY,\n`;
    if (chunk.length > 1 << 16) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
  await new Promise<void>((r) => out.end(() => r()));
}

/**
 * A quiet server before each measured step: the autovacuum of the previous round's new tables finished (it would
 * otherwise run beside whichever step comes next), then a checkpoint (best effort: it needs a superuser or
 * pg_checkpoint).
 */
async function quiet(db: pg.Client): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 200) {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE backend_type = 'autovacuum worker' AND datname = current_database()`);
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await db.query('CHECKPOINT').catch(() => {});
}

async function main() {
  await withScratchDatabase('import', async ({ deps, db, dir }) => {
    const file = path.join(dir, 'report.csv');
    // 100 musicians with 10 tracks each
    await db.query(`INSERT INTO agents (domain, is_default, site_title) VALUES ('bench', true, 'bench')`);
    await db.query(`INSERT INTO users (agent_id, mobile, password_hash, nickname, group_id)
      SELECT 1, '138' || lpad(g::text, 8, '0'), 'x', 'm' || g, 1 FROM generate_series(1, 100) g`);
    await db.query(`INSERT INTO works (user_id, kind, status, title) SELECT id, 'album', '991', 'r' FROM users`);
    await db.query(
      `INSERT INTO work_tracks (work_id, position, title, isrc)
       SELECT w.id, p, 't', 'CNBEN26' || lpad(((w.id - 1) * 10 + p - 1)::text, 5, '0')
         FROM works w CROSS JOIN generate_series(1, 10) p`,
    );
    if (CATALOGUE > TRACKS) {
      const works = Math.ceil((CATALOGUE - TRACKS) / 10);
      await db.query(
        `INSERT INTO works (user_id, kind, status, title) SELECT 1 + g % 100, 'album', '991', 'c' FROM generate_series(1, $1) g`,
        [works],
      );
      await db.query(
        `INSERT INTO work_tracks (work_id, position, title, isrc)
         SELECT w.id, p, 't', 'CNCAT' || lpad(((w.id - 101) * 10 + p - 1)::text, 7, '0')
           FROM works w CROSS JOIN generate_series(1, 10) p WHERE w.id > 100`,
      );
      await db.query('ANALYZE works');
      await db.query('ANALYZE work_tracks');
      console.log(`catalogue: ${(works * 10 + TRACKS).toLocaleString()} tracks`);
    }
    let t0 = performance.now();
    await writeReport(file);
    console.log(`report: ${LINES.toLocaleString()} lines written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // Rounds of the baseline and the import, alternating, each on a quiet server (quiet()): the median ratio is the
    // figure, every round is printed. The same file is imported again in each round (a statement has no message id: nothing refuses it).
    const ratios: number[] = [];
    const growths: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      await quiet(db);
      await db.query(`DROP TABLE IF EXISTS bare`);
      await db.query(`CREATE TABLE bare (sale_month text, territory text, isrc text, upc text, title text, quantity text,
        amount text, currency text, exchange_rate text)`);
      t0 = performance.now();
      await pipeline(createReadStream(file), db.query(copyFrom(`COPY bare FROM STDIN WITH (FORMAT csv, HEADER true)`)));
      const copyS = (performance.now() - t0) / 1000;
      const copyRate = LINES / copyS;
      await db.query(`DROP TABLE bare`);
      await quiet(db);

      // The import, in this process, with its memory sampled.
      const rss0 = process.memoryUsage().rss;
      let peak = rss0;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 50);
      const cpu0 = process.cpuUsage();
      t0 = performance.now();
      const { id } = await createImport(
        deps,
        { platform_code: 'qq_music', format: 'csv', mapping_code: 'generic', accounting_month: '2026-09' },
        { path: file, name: 'report.csv' },
        null,
      );
      const phases: string[] = [];
      await runImport(deps, id, (name, ms) => phases.push(`${name} ${(ms / 1000).toFixed(2)} s`));
      const importS = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      clearInterval(sampler);
      const { rows } = await db.query(
        `SELECT state, lines, unmatched_lines, total_fen::text, error FROM royalty_imports WHERE id = $1`,
        [id],
      );
      if (rows[0].state !== 'posted') throw new Error(`import ${rows[0].state}: ${rows[0].error}`);
      const importRate = LINES / importS;
      ratios.push(importRate / copyRate);
      growths.push((peak - rss0) / 2 ** 20);
      console.log(
        `round ${round}: COPY into a bare table ${copyS.toFixed(2)} s (${copyRate.toFixed(0)} rows/s); import end to end ${importS.toFixed(2)} s (${importRate.toFixed(0)} rows/s; ${rows[0].lines} lines, ${rows[0].unmatched_lines} unmatched, total ${rows[0].total_fen} fen); ratio ${(importRate / copyRate).toFixed(2)}`,
      );
      console.log(`  phases: ${phases.join(', ')}; this process's CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s`);
    }
    const sorted = [...ratios].sort((x, y) => x - y);
    console.log(
      `ratio import/COPY: ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} (median of ${ROUNDS} rounds; goal ≥ 0.5; rounds ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
    );
    console.log(`peak memory growth during an import: ${Math.max(...growths).toFixed(1)} MiB at most (goal < 100)`);
  });
}

await main();
