/** The console's withdrawal calls (/api/admin/withdrawals/*, role finance; admins pass). */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@trackline/contract/paths';
import type { WithdrawalView } from '@trackline/contract/withdrawals';
import { apiGet, apiPost } from '../../api/client';

const KEY = ['admin', 'withdrawals'] as const;
const paths = API.admin.withdrawals;

export interface QueueItem extends WithdrawalView {
  user_id: number;
  mobile: string;
  nickname: string;
  age_hours: number;
  needs_second: boolean;
  approved_by: number | null;
  checked_by: number | null;
  batch_id: number | null;
  risk: string[];
}

export interface QueueFilter {
  status?: string;
  mobile?: string;
  page: number;
}

export function useQueue(filter: QueueFilter) {
  return useQuery({
    queryKey: [...KEY, 'queue', filter],
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ list: QueueItem[]; total: number; page: number; size: number }>(
          paths.queue,
          { page: filter.page, status: filter.status || undefined, mobile: filter.mobile || undefined },
          { signal },
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

export interface Detail {
  withdrawal: WithdrawalView;
  invoice_url: string | null;
  /** A paid withdrawal's stored receipt (short-lived signed link). */
  receipt_url: string | null;
  user_id: number;
  frozen: boolean;
  balances: { available_fen: string; withdrawing_fen: string; withdrawn_fen: string };
  history: WithdrawalView[];
}

export function useDetail(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    enabled: id !== null,
    queryFn: async ({ signal }) => (await apiGet<Detail>(paths.detail, { id: id! }, { signal })).data,
  });
}

export interface Batch {
  id: number;
  provider: string;
  status: string;
  created_at: string;
  sent_at: string | null;
  count: number;
  net_fen: string;
}

export function useBatches() {
  return useQuery({
    queryKey: [...KEY, 'batches'],
    queryFn: async ({ signal }) => (await apiGet<Batch[]>(paths.batches, {}, { signal })).data,
    refetchInterval: (q) => (q.state.data?.some((b) => b.status === 'open') ? 2000 : false),
  });
}

export interface TaxRow {
  user_id: number;
  name: string;
  /** The earner's masked ID number; empty when none is on file (a company, an account without one). */
  id_masked: string;
  party_kind: string;
  payee_name: string;
  withdrawals: number;
  gross_fen: string;
  tax_fen: string;
}

export function useTaxReport(month: string) {
  return useQuery({
    queryKey: [...KEY, 'tax', month],
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ month: string; list: TaxRow[]; total_gross_fen: string; total_tax_fen: string }>(
          paths.taxReport,
          { month },
          { signal },
        )
      ).data,
  });
}

export interface BanksData {
  banks: Array<{ code: string; name: string; name_en: string; debit_only: boolean; enabled: boolean }>;
  bins: Array<{ bin: string; bank_code: string; card_type: string; card_length: number | null }>;
}

export function useBanks() {
  return useQuery({
    queryKey: [...KEY, 'banks'],
    queryFn: async ({ signal }) => (await apiGet<BanksData>(paths.banks, {}, { signal })).data,
  });
}

export function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: KEY });
}

export const approve = (id: number) => apiPost<WithdrawalView>(paths.approve, { id });
export const refuse = (id: number, reason: string) => apiPost<WithdrawalView>(paths.refuse, { id, reason });
export const createBatch = (provider: string) =>
  apiPost<{ batch_id: number | null; count: number }>(paths.payout, { provider });
export const setFreeze = (userId: number, frozen: boolean) =>
  apiPost(paths.freeze, { user_id: userId, frozen, reason: '' });
export const saveBin = (body: { bin: string; bank_code: string; card_type: string }) => apiPost(paths.binSave, body);
export const uploadResult = (batchId: number, text: string) =>
  apiPost<{ rows: number; changed: number }>(`${paths.batchResult}?id=${batchId}`, { text });
export const batchFileHref = (id: number) => `${paths.batchFile}?id=${id}`;
