/** The console's cover background calls (/api/admin/covers/*, roles content and admin). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackgroundCategory, BackgroundSpec } from '@trackline/contract/covers';
import { API } from '@trackline/contract/paths';
import { apiGet, apiPost } from '../../api/client';

const KEY = ['admin', 'covers'] as const;
const paths = API.admin.covers;

export interface AdminBackground {
  id: number;
  category: BackgroundCategory;
  name_zh: string;
  name_en: string;
  spec: BackgroundSpec;
  retired: boolean;
  thumb: string;
  created_at: string;
}

export function useAdminBackgrounds() {
  return useQuery({
    queryKey: [...KEY, 'backgrounds'],
    queryFn: async ({ signal }) => (await apiGet<AdminBackground[]>(paths.backgrounds, {}, { signal })).data,
  });
}

export function useRefreshBackgrounds() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: KEY });
}

export const addBackground = (body: { name_zh: string; name_en: string; spec: BackgroundSpec }) =>
  apiPost<{ id: number }>(paths.add, body);

export const retireBackground = (id: number, retired: boolean) => apiPost(paths.retire, { id, retired });
