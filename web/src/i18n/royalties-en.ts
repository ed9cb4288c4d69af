/** The income bill's texts in English (en.ts `royalties`). */
import type { royaltiesZhCN } from './royalties-zh-cn';

export const royaltiesEn: typeof royaltiesZhCN = {
  title: 'Income bill',
  summary: 'Balance summary',
  figures: {
    available_fen: 'Available',
    held_fen: 'Held',
    withdrawing_fen: 'Being withdrawn',
    withdrawn_fen: 'Withdrawn to date',
    income_fen: 'All-time income',
  },
  deficit: 'A store refund or correction took your balance below zero; the difference is recovered from later income.',
  months: 'Monthly bills',
  empty:
    'No bills yet. Stores usually report sales one to four months after they happen; your income appears here once their reports are imported.',
  accountingMonth: 'Bill month',
  stores: 'Stores',
  quantity: 'Quantity',
  gross: 'Gross (CNY)',
  rate: 'Rate',
  share: 'My share (CNY)',
  actions: 'Actions',
  view: 'View detail',
  total: 'Total',
  detailTitle: 'Bill detail for {{month}}',
  groupBy: 'Group by',
  by: { store: 'By store', territory: 'By territory', track: 'By release / track', sale_month: 'By sale month' },
  filterStore: 'Filter by store',
  filterTerritory: 'Filter by territory',
  allStores: 'All stores',
  allTerritories: 'All territories',
  export: 'Export CSV',
  detailEmpty: 'Nothing matches these filters',
  chartMonths: 'Income per month',
  chartStores: 'Share by store',
};
