/** The income bill calls (/api/bill/*): balance summary, bills per month, a bill's detail, and the CSV address. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '@trackline/contract/paths';
import type { BillDetail, BillGrouping, BillMonth, BillRow, GrandTotal } from '@trackline/contract/royalties-types';
import { apiGet, apiPost } from '../../api/client';

export type { BillDetail, BillGrouping, BillMonth, BillRow, GrandTotal };

export interface DetailFilter {
  month: string;
  by: BillGrouping;
  platform_code?: string;
  territory?: string;
}

export function useGrandTotal() {
  return useQuery({
    queryKey: ['royalties', 'grandtotal'],
    queryFn: async () => (await apiPost<GrandTotal>(API.bill.grandtotal, {}, { silent: true })).data,
  });
}

export function useBillList(page: number) {
  return useQuery({
    queryKey: ['royalties', 'list', page],
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ list: BillMonth[]; total: number; page_size: number }>(
          API.bill.list,
          { page },
          { silent: true, signal },
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

function filterParams(f: DetailFilter): Record<string, string> {
  return {
    month: f.month,
    by: f.by,
    ...(f.platform_code ? { platform_code: f.platform_code } : {}),
    ...(f.territory ? { territory: f.territory } : {}),
  };
}

export function useBillDetail(filter: DetailFilter | null) {
  return useQuery({
    queryKey: ['royalties', 'detail', filter],
    enabled: filter !== null,
    queryFn: async ({ signal }) =>
      (await apiGet<BillDetail>(API.bill.detail, filterParams(filter!), { silent: true, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** The export is a plain link: the session cookie authenticates it and the browser saves the file. */
export function exportHref(filter: DetailFilter): string {
  return `${API.bill.export}?${new URLSearchParams(filterParams(filter)).toString()}`;
}
