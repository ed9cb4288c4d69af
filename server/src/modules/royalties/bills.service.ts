/**
 * The musician's bills (owner-only by construction: every query is the session user's own): the balance summary,
 * the bills per accounting month, a bill's detail by store, territory, release/track or sale month, and its CSV.
 */

import type { Lang } from '@trackline/contract/errors';
import { formatFen } from '@trackline/contract/format';
import type { BillDetailQuery } from '@trackline/contract/royalties';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import * as repo from './bills.repository';
import { balancesOf } from './ledger';

const PAGE = 12;

export async function grandTotal(deps: Deps, userId: number) {
  const db = deps.database.db;
  const balances = await balancesOf(db, userId);
  if (!balances)
    return {
      has_account: false,
      available_fen: null,
      held_fen: null,
      withdrawing_fen: null,
      withdrawn_fen: null,
      income_fen: null,
    };
  return {
    has_account: true,
    available_fen: balances.available.toString(),
    held_fen: balances.held.toString(),
    withdrawing_fen: balances.withdrawing.toString(),
    withdrawn_fen: balances.withdrawn.toString(),
    income_fen: await repo.allTimeIncome(db, userId),
  };
}

export async function billList(deps: Deps, userId: number, page: number) {
  const db = deps.database.db;
  const [list, total] = await Promise.all([
    repo.billMonths(db, userId, PAGE, (page - 1) * PAGE),
    repo.billMonthCount(db, userId),
  ]);
  return { list, total, page, page_size: PAGE };
}

export async function billDetail(deps: Deps, userId: number, q: BillDetailQuery, lang: Lang) {
  const db = deps.database.db;
  const [rows, facets, names] = await Promise.all([
    repo.billRows(db, userId, q),
    repo.billFacets(db, userId, q.month),
    repo.storeNames(db),
  ]);
  if (facets.stores.length === 0) throw new AppError('BILL_NOT_FOUND');
  const nameOf = (code: string) => (lang === 'en' ? names.get(code)?.en : names.get(code)?.zh) ?? code;
  const sum = (k: 'quantity' | 'net_fen' | 'share_fen') => rows.reduce((s, r) => s + BigInt(r[k]), 0n).toString();
  return {
    month: q.month,
    by: q.by,
    rows: rows.map((r) => ({ ...r, store_name: r.platform_code ? nameOf(r.platform_code) : null })),
    totals: { quantity: sum('quantity'), net_fen: sum('net_fen'), share_fen: sum('share_fen') },
    stores: facets.stores.map((code) => ({ code, name: nameOf(code) })),
    territories: facets.territories,
  };
}

function csvCell(v: string): string {
  // a leading =, +, - or @ would run as a formula in a spreadsheet
  const safe = /^[=+\-@]/.test(v) && !/^-?\d/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const HEADERS: Record<Lang, Record<string, string>> = {
  'zh-CN': {
    store: '平台',
    territory: '地区',
    track: '作品 / 曲目',
    sale_month: '销售月份',
    quantity: '数量',
    gross: '收入（元）',
    rate: '分成比例',
    share: '我的分成（元）',
    total: '合计',
  },
  en: {
    store: 'Store',
    territory: 'Territory',
    track: 'Release / track',
    sale_month: 'Sale month',
    quantity: 'Quantity',
    gross: 'Gross (CNY)',
    rate: 'Rate',
    share: 'My share (CNY)',
    total: 'Total',
  },
};

/** Exactly the filtered view of the detail, as CSV (UTF-8 with a BOM so spreadsheet programs read Chinese). */
export async function billCsv(deps: Deps, userId: number, q: BillDetailQuery, lang: Lang): Promise<string> {
  const detail = await billDetail(deps, userId, q, lang);
  const h = HEADERS[lang];
  const label = (r: (typeof detail.rows)[number]) =>
    q.by === 'store'
      ? (r.store_name ?? '')
      : q.by === 'territory'
        ? (r.territory ?? '')
        : q.by === 'track'
          ? [r.work_title, r.track_title].filter(Boolean).join(' / ')
          : (r.sale_month ?? '');
  const money = (fen: string) => formatFen(fen).replace(/,/g, '');
  const rate = (r: { rate_min: number; rate_max: number }) =>
    r.rate_min === r.rate_max ? `${r.rate_min}%` : `${r.rate_min}–${r.rate_max}%`;
  const lines = [
    [h[q.by]!, h.quantity!, h.gross!, h.rate!, h.share!],
    ...detail.rows.map((r) => [label(r), r.quantity, money(r.net_fen), rate(r), money(r.share_fen)]),
    [h.total!, detail.totals.quantity, money(detail.totals.net_fen), '', money(detail.totals.share_fen)],
  ];
  return `\uFEFF${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
