/**
 * bench/bills: a musician's bill list and a bill's detail over a large ledger, against a primary-key lookup in the
 * same run. On a fresh database of DATABASE_URL's server, set-based SQL (generate_series) writes BENCH_BILLS_MUSICIANS
 * musicians (default 100,000) with a release of two tracks each, 48 posted reports (12 accounting months × 4
 * stores) and BENCH_BILLS_LINES sales aggregates (default 10,000,000, the rows bills read: royalty_shares), spread
 * over the musicians, reports, territories and sale months. Then, for BENCH_BILLS_SAMPLES random musicians (default
 * 1,000), it times the services the routes call (`GET /api/bill/list` page 1 and `GET /api/bill/detail` of a month
 * by store) and a primary-key lookup of the same musician, and prints p50 and p95 of each and their ratios.
 * Goal: p95 ≤ 30 ms for the list and for the detail.
 */
import { sql } from 'kysely';
import { billDetail, billList } from '../server/src/modules/royalties/bills.service';
import { withScratchDatabase } from './support/scratch-database';

const MUSICIANS = Number(process.env.BENCH_BILLS_MUSICIANS ?? 100_000);
const LINES = Number(process.env.BENCH_BILLS_LINES ?? 10_000_000);
const SAMPLES = Number(process.env.BENCH_BILLS_SAMPLES ?? 1000);
const STORES = ['qq_music', 'netease', 'spotify', 'kugou'];

function quantile(ms: number[], q: number): number {
  const s = [...ms].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function main() {
  await withScratchDatabase('bills', async ({ deps, db }) => {
    let t0 = performance.now();
    const step = async (what: string, text: string) => {
      const t = performance.now();
      await db.query(text);
      console.log(`  ${what}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    };
    console.log(`generating ${MUSICIANS.toLocaleString()} musicians and ${LINES.toLocaleString()} sales lines:`);
    await step(
      'musicians, releases, tracks',
      `INSERT INTO agents (domain, is_default, site_title) VALUES ('bench', true, 'bench');
       INSERT INTO users (agent_id, mobile, password_hash, nickname, group_id)
         SELECT 1, '13' || lpad(g::text, 9, '0'), 'x', 'm' || g, 1 FROM generate_series(1, ${MUSICIANS}) g;
       INSERT INTO works (user_id, kind, status, title) SELECT id, 'album', '991', 'r' || id FROM users;
       INSERT INTO work_tracks (work_id, position, title, isrc)
         SELECT w.id, p, 't' || p, 'CNBEN' || lpad((w.id * 2 + p)::text, 7, '0')
           FROM works w CROSS JOIN generate_series(1, 2) p;`,
    );
    await step(
      'reports',
      `INSERT INTO royalty_imports (platform_code, format, mapping_code, file_path, file_name, accounting_month, state,
                                    posted_at, lines, rows_done)
       SELECT (ARRAY['${STORES.join("','")}'])[1 + s], 'csv', 'generic', '/dev/null', 'bench',
              date '2025-10-01' + make_interval(months => m), 'posted', now(), 0, 0
         FROM generate_series(0, 11) m CROSS JOIN generate_series(0, 3) s ORDER BY m, s;`,
    );
    // The generated rows are consistent by construction: their foreign keys are not checked one row at a time
    // (a superuser's session_replication_role; without it the generation is several times slower, not wrong).
    await db
      .query(`SET session_replication_role = replica`)
      .catch(() => console.log('  (foreign keys checked per row)'));
    // Line g: musician g % M, report (g / M) % 48: each report carries every musician; each bill ~M/L rows.
    await step(
      'sales lines (royalty_shares)',
      `INSERT INTO royalty_shares (import_id, user_id, work_id, track_id, platform_code, territory, sale_month,
                                   accounting_month, quantity, net_fen, rate, share_fen)
       SELECT i.id, u, u, u * 2 - 1 + (g / 7) % 2, i.platform_code,
              (ARRAY['CN','US','HK','TW','JP','GB','DE','FR'])[1 + (g / 3) % 8],
              i.accounting_month - make_interval(months => 1 + (g / 11) % 3), i.accounting_month,
              1 + g % 500, 1 + g % 9973, 70, (1 + g % 9973) * 7 / 10
         FROM generate_series(0, ${LINES - 1}) g
         CROSS JOIN LATERAL (SELECT 1 + g % ${MUSICIANS} AS u, 1 + (g / ${MUSICIANS}) % 48 AS imp) x
         JOIN royalty_imports i ON i.id = x.imp;`,
    );
    await step('ANALYZE', 'ANALYZE');
    console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

    const kdb = deps.database.db;
    const pick = () => 1 + Math.floor(Math.random() * MUSICIANS);
    const months = Array.from(
      { length: 12 },
      (_, m) => `${m < 3 ? 2025 : 2026}-${String(((9 + m) % 12) + 1).padStart(2, '0')}`,
    );
    // warm the pool and the caches the way a running server has them
    for (let i = 0; i < 50; i++) {
      await billList(deps, pick(), 1);
      await billDetail(deps, pick(), { month: months[i % 12]!, by: 'store' }, 'zh-CN');
    }
    const pk: number[] = [];
    const list: number[] = [];
    const detail: number[] = [];
    t0 = performance.now();
    for (let i = 0; i < SAMPLES; i++) {
      const user = pick();
      pk.push(await timed(() => sql`SELECT id, nickname FROM users WHERE id = ${user}`.execute(kdb)));
      list.push(await timed(() => billList(deps, user, 1)));
      const month = months[i % 12]!;
      detail.push(await timed(() => billDetail(deps, user, { month, by: i % 2 ? 'store' : 'track' }, 'zh-CN')));
    }
    const f = (ms: number) => `${ms.toFixed(2)} ms`;
    console.log(`${SAMPLES} musicians sampled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    console.log(`primary-key lookup: p50 ${f(quantile(pk, 0.5))}, p95 ${f(quantile(pk, 0.95))}`);
    for (const [name, ms] of [
      ['bill list (page 1)', list],
      ['bill detail (a month by store / by track)', detail],
    ] as const) {
      const p95 = quantile(ms, 0.95);
      console.log(
        `${name}: p50 ${f(quantile(ms, 0.5))}, p95 ${f(p95)} (goal ≤ 30 ms: ${p95 <= 30 ? 'met' : 'NOT met'}), ` +
          `p95 / primary-key p95 = ${(p95 / quantile(pk, 0.95)).toFixed(1)}`,
      );
    }
  });
}

await main();
