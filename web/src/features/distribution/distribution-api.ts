/** The musician's delivery calls (API.distribution.*): a work's stores, takedown, restore. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TakedownResult, WorkDistribution } from '@trackline/contract/distribution-types';
import { API } from '@trackline/contract/paths';
import { apiGet, apiPost } from '../../api/client';
import { WORKS_KEY } from '../works/works-api';

const silent = { silent: true } as const;
export const storesKey = (id: number) => [...WORKS_KEY, 'stores', id] as const;

/** A work's rows per store; refreshed every 15 s while open, as deliveries move in the background. */
export function useWorkStores(id: number | null) {
  return useQuery({
    queryKey: storesKey(id ?? 0),
    queryFn: async ({ signal }) =>
      (await apiGet<WorkDistribution>(API.distribution.stores, { id }, { ...silent, signal })).data,
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: 15_000,
  });
}

export async function takeDown(id: number, platforms: 'all' | string[]): Promise<TakedownResult> {
  return (await apiPost<TakedownResult>(API.distribution.takedown, { id, platforms, confirm: true }, silent)).data;
}

export async function restore(id: number): Promise<TakedownResult> {
  return (await apiPost<TakedownResult>(API.distribution.restore, { id }, silent)).data;
}

/** After a takedown or restore: the work's rows and every works list. */
export function useInvalidateStores() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: WORKS_KEY });
}
