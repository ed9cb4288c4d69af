/** The console's delivery calls (/api/admin/distribution/*, roles editor and admin). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageDiff, OpsBatchDetail, OpsOverview, PurgePlan } from '@trackline/contract/distribution-types';
import { API } from '@trackline/contract/paths';
import { useTranslation } from 'react-i18next';
import { apiGet, apiPost } from '../../api/client';

const KEY = ['admin', 'distribution'] as const;
const paths = API.admin.distribution;

export function useDeliveryOverview() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...KEY, 'overview', i18n.language],
    queryFn: async ({ signal }) => (await apiGet<OpsOverview>(paths.overview, {}, { signal })).data,
    refetchInterval: 15_000,
  });
}

export function useMessageDiff(target: { workId: number; code: string } | null) {
  return useQuery({
    queryKey: [...KEY, 'diff', target?.workId, target?.code],
    queryFn: async ({ signal }) =>
      (await apiGet<MessageDiff>(paths.diff, { work_id: target!.workId, platform_code: target!.code }, { signal }))
        .data,
    enabled: target !== null,
  });
}

/** One batch with its files (the drawer opened from a batch's row). */
export function useBatchDetail(id: number | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...KEY, 'batch', id, i18n.language],
    queryFn: async ({ signal }) => (await apiGet<OpsBatchDetail>(paths.batch, { id: id! }, { signal })).data,
    enabled: id !== null,
  });
}

/** What a permanent removal of the work would send (role admin). */
export function usePurgePlan(workId: number | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...KEY, 'purge', workId, i18n.language],
    queryFn: async ({ signal }) => (await apiGet<PurgePlan>(paths.purgePlan, { work_id: workId! }, { signal })).data,
    enabled: workId !== null,
  });
}

export function useRefreshDelivery() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: KEY });
}

export const redeliver = (workId: number, code: string, scope: 'full' | 'metadata') =>
  apiPost(paths.redeliver, { work_id: workId, platform_code: code, scope });

export const holdStore = (code: string, held: boolean, reason = '') => apiPost(paths.hold, { code, held, reason });

export const purgeWork = (workId: number) => apiPost<PurgePlan>(paths.purge, { work_id: workId, confirm: true });
