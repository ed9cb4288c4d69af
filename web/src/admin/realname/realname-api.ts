/** The enterprise verification queue (support; admins too): a page by state, one request, approve, refuse. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@trackline/contract/paths';
import type { EnterpriseQueueItem } from '@trackline/contract/realname';
import { apiGet, apiPost } from '../../api/client';

export const ENTERPRISE_PAGE_SIZE = 20;
const KEY = ['admin', 'realname', 'enterprise'] as const;
const P = API.admin.realname;

export type EnterpriseState = EnterpriseQueueItem['state'];

export interface EnterpriseDetail extends EnterpriseQueueItem {
  nickname: string;
  licence_url: string;
}

export function useEnterpriseQueue(state: EnterpriseState, page: number) {
  return useQuery({
    queryKey: [...KEY, 'list', state, page],
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ list: EnterpriseQueueItem[]; total: number }>(
          P.enterpriseList,
          { state, page, limit: ENTERPRISE_PAGE_SIZE },
          { signal },
        )
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useEnterpriseDetail(userId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'detail', userId],
    queryFn: async ({ signal }) =>
      (await apiGet<EnterpriseDetail>(P.enterpriseDetail, { user_id: userId }, { signal })).data,
    enabled: userId !== null,
  });
}

export function useDecideEnterprise() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { user_id: number; decision: 'approve' | 'refuse'; reason?: string }) =>
      body.decision === 'approve'
        ? apiPost<EnterpriseDetail>(P.enterpriseApprove, { user_id: body.user_id })
        : apiPost<EnterpriseDetail>(P.enterpriseRefuse, { user_id: body.user_id, reason: body.reason ?? '' }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
