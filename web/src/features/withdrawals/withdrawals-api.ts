/** The withdraw page's calls (/api/bill/*): card, banks, BIN lookup, figures, confirm, history. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@trackline/contract/paths';
import type {
  BankInfo,
  BankSaveBody,
  BankType,
  CardInfo,
  WithdrawalView,
  WithdrawPreview,
} from '@trackline/contract/withdrawals';
import { apiGet, apiPost } from '../../api/client';
import { QUERY_KEYS } from '../../lib/query-keys';

export type { BankInfo, BankType, CardInfo, WithdrawalView, WithdrawPreview };

const KEY = ['withdrawals'] as const;

export function useBankInfo() {
  return useQuery({
    queryKey: [...KEY, 'bankinfo'],
    queryFn: async ({ signal }) => (await apiGet<BankInfo>(API.bill.bankinfo, {}, { silent: true, signal })).data,
  });
}

export function useBankTypes() {
  return useQuery({
    queryKey: [...KEY, 'banktype'],
    queryFn: async ({ signal }) => (await apiGet<BankType[]>(API.bill.banktype, {}, { silent: true, signal })).data,
    staleTime: 600_000,
  });
}

export function useCardInfo(cardNo: string) {
  const digits = cardNo.replace(/\D/g, '');
  return useQuery({
    queryKey: [...KEY, 'bankmation', digits],
    enabled: digits.length >= 12,
    retry: false,
    queryFn: async ({ signal }) =>
      (await apiGet<CardInfo>(API.bill.bankmation, { card_no: digits }, { silent: true, signal })).data,
  });
}

export function usePreview(amount: string) {
  return useQuery({
    queryKey: [...KEY, 'preview', amount],
    enabled: /^\d{1,12}(\.\d{1,2})?$/.test(amount) && Number(amount) > 0,
    retry: false,
    queryFn: async ({ signal }) =>
      (await apiGet<WithdrawPreview>(API.bill.preview, { amount }, { silent: true, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawals(page: number) {
  return useQuery({
    queryKey: [...KEY, 'list', page],
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ list: WithdrawalView[]; total: number; page: number; size: number }>(
          API.bill.withdrawals,
          { page },
          { silent: true, signal },
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useRefreshWithdrawals() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: KEY });
    void client.invalidateQueries({ queryKey: ['royalties'] });
    void client.invalidateQueries({ queryKey: QUERY_KEYS.userInfo });
  };
}

export async function saveCard(body: BankSaveBody) {
  return (await apiPost<BankInfo>(API.bill.bankSave, body)).data;
}

export async function confirmWithdrawal(amount: string, code: string) {
  return (await apiPost<WithdrawalView>(API.bill.sure, { amount, code })).data;
}

export function receiptHref(id: number): string {
  return `${API.bill.receiptPdf}?id=${id}`;
}
