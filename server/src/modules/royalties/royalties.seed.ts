/**
 * Demo income (SEED_DEMO, once): the demo musician's released tracks get three months of store reports, imported
 * the real way (a generic CSV for QQ Music and NetEase, a USD statement with its rate for Spotify), so the income
 * bill, the balance in the header and the console's imports show real figures from the first start. Figures are
 * fixed (no randomness) so a demo reads the same every time.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { setSettingOnce } from '../../platform/db/settings';
import type { Deps } from '../../platform/deps';
import { saveRemittance } from './console.service';
import { createImport } from './import.service';
import { runImport } from './import-run';

const FLAG = 'demo_income_seeded';

function monthsBack(n: number): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 7);
}

export async function seedDemoIncome(deps: Deps, mobile: string): Promise<number> {
  const db = deps.database.db;
  const { rows: tracks } = await sql<{ isrc: string; upc: string | null }>`
    SELECT t.isrc, w.upc FROM work_tracks t JOIN works w ON w.id = t.work_id JOIN users u ON u.id = w.user_id
     WHERE u.mobile = ${mobile} AND t.isrc IS NOT NULL ORDER BY t.id`.execute(db);
  if (tracks.length === 0) return 0;
  const mine = `${new Date().toISOString()}`;
  if ((await setSettingOnce(db, FLAG, mine)) !== mine) return 0;
  const dir = path.join(deps.config.dataDir, 'imports');
  await mkdir(dir, { recursive: true });
  const head = 'sale_month,territory,isrc,upc,title,quantity,amount,currency,exchange_rate';
  let count = 0;
  for (let back = 3; back >= 1; back--) {
    const accounting = monthsBack(back);
    const sale = monthsBack(back + 2);
    const reports: Array<{ store: string; lines: string[]; fx?: string }> = [
      {
        store: 'qq_music',
        lines: tracks
          .flatMap((t, i) => [
            `${sale},CN,${t.isrc},,,${12_000 + i * 3_100 + back * 700},${(386.4 + i * 91.15 + back * 17.3).toFixed(2)},CNY,`,
            `${sale},HK,${t.isrc},,,${900 + i * 120},${(31.08 + i * 4.4).toFixed(2)},CNY,`,
          ])
          .concat(
            // a line no track of ours matches: it waits in the console's unmatched queue
            back === 1 ? [`${sale},CN,CNZZZ2699001,,Unknown song,420,${(18.9).toFixed(2)},CNY,`] : [],
          ),
      },
      {
        store: 'netease',
        lines: tracks.map(
          (t, i) =>
            `${sale},CN,${t.isrc},,,${8_000 + i * 1_700 + back * 450},${(214.62 + i * 48.5 + back * 9.9).toFixed(2)},CNY,`,
        ),
      },
      {
        store: 'spotify',
        fx: '7.1',
        lines: tracks.map((t, i) => `${sale},US,${t.isrc},,,${3_000 + i * 640},${(11.87 + i * 2.35).toFixed(2)},USD,`),
      },
    ];
    for (const r of reports) {
      const file = path.join(dir, `demo-${r.store}-${accounting}.csv`);
      await writeFile(file, `${[head, ...r.lines].join('\n')}\n`);
      const { id } = await createImport(
        deps,
        { platform_code: r.store, format: 'csv', mapping_code: 'generic', accounting_month: accounting, fx_rate: r.fx },
        { path: file, name: path.basename(file) },
        null,
      );
      // At once, not through the queue: the demo has its income the moment the portal is up (the queued job then
      // finds the import posted and does nothing).
      await runImport(deps, id);
      count += 1;
    }
  }
  // NetEase remitted its oldest month, 1.00 short: the reconciliation shows the difference, the ledger the receipt.
  const { rows } = await sql<{ total: string }>`
    SELECT total_fen::text AS total FROM royalty_imports
     WHERE platform_code = 'netease' AND accounting_month = ${`${monthsBack(3)}-01`}::date AND state = 'posted'`.execute(
    db,
  );
  if (rows[0])
    await saveRemittance(
      deps,
      {
        platform_code: 'netease',
        month: monthsBack(3),
        amount_fen: (BigInt(rows[0].total) - 100n).toString(),
        note: 'demo',
      },
      null,
    );
  return count;
}
