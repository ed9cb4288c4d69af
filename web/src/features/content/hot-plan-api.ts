/** Hot plans (spec §7): POST /api/cms/data/hot_plan { page, limit } and hot_plan_info { id }. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HotPlanDetail, HotPlanSummary, Page } from '@trackline/contract/content-types';
import { API } from '@trackline/contract/paths';
import { apiPost } from '../../api/client';
import { CONTENT_OPTIONS, CONTENT_STALE_MS, useContentKey } from './content-query';

/** `enabled: false` holds the request back (the home page's teaser until it nears the viewport). */
export function useHotPlans(params: { page: number; limit: number }, options: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: useContentKey('hot-plans', params),
    queryFn: async ({ signal }) =>
      (await apiPost<Page<HotPlanSummary>>(API.hotPlans, params, { ...CONTENT_OPTIONS, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: CONTENT_STALE_MS,
  });
}

export function useHotPlanDetail(id: number | null) {
  return useQuery({
    queryKey: useContentKey('hot-plan-info', id),
    queryFn: async ({ signal }) =>
      (await apiPost<HotPlanDetail>(API.hotPlanInfo, { id }, { ...CONTENT_OPTIONS, signal })).data,
    enabled: id !== null,
    staleTime: CONTENT_STALE_MS,
  });
}
