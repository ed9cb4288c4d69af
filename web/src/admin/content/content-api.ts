/**
 * The content console's calls (/api/admin/content/...): each kind's list, detail, save and delete, and the sites
 * with their download settings. Query keys start with 'admin' like every console key, so logging out drops them.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentListQuery, DownloadSaveBody } from '@trackline/contract/content-admin';
import type {
  ContentAdminPage,
  ContentDetailMeta,
  ContentKind,
  ContentSite,
  DownloadSettings,
} from '@trackline/contract/content-admin-types';
import type { ContentLang } from '@trackline/contract/content-types';
import { API } from '@trackline/contract/paths';
import { apiGet, apiPost } from '../../api/client';

const CONTENT_KEY = ['admin', 'content'] as const;
const listKey = (kind: ContentKind) => [...CONTENT_KEY, kind, 'list'] as const;
const detailKey = (kind: ContentKind, id: number) => [...CONTENT_KEY, kind, 'detail', id] as const;
const SITES_KEY = [...CONTENT_KEY, 'sites'] as const;

/** What a detail holds besides its meta: site, status and the kind's own fields, and the texts per language. */
export interface ContentDetail extends ContentDetailMeta {
  agent_id: number | null;
  status: 'draft' | 'published';
  texts: Partial<Record<ContentLang, Record<string, string>>>;
  [field: string]: unknown;
}

export type ContentFilters = Partial<Omit<ContentListQuery, 'page' | 'limit'>> & { page: number; limit: number };

export function useContentList(kind: ContentKind, filters: ContentFilters, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...listKey(kind), filters],
    queryFn: async ({ signal }) =>
      (await apiGet<ContentAdminPage>(API.admin.content[kind].list, filters, { signal })).data,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** One page of a kind for ListPage: the rows and the total (for the pager), from one cached answer. */
export function useContentPage(kind: ContentKind, filters: ContentFilters) {
  const query = {
    queryKey: [...listKey(kind), filters],
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await apiGet<ContentAdminPage>(API.admin.content[kind].list, filters, { signal })).data,
    placeholderData: keepPreviousData,
  };
  const list = useQuery({ ...query, select: (data: ContentAdminPage) => data.list });
  const total = useQuery({ ...query, select: (data: ContentAdminPage) => data.total });
  return { list, total: total.data ?? 0 };
}

export function useContentDetail(kind: ContentKind, id: number | undefined) {
  return useQuery({
    queryKey: detailKey(kind, id ?? 0),
    queryFn: async ({ signal }) =>
      // Silent: the editor page shows "not found" (2044) or a retry itself.
      (await apiGet<ContentDetail>(API.admin.content[kind].info, { id }, { signal, silent: true })).data,
    enabled: id !== undefined,
    retry: false,
    // The editor starts from what is stored now, never from a copy cached while someone else edited.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Silent: the editor shows refusals about a field (category, site) next to it. */
export function useSaveContent(kind: ContentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiPost<ContentDetail>(API.admin.content[kind].save, body, { silent: true }),
    onSuccess: (answer) => {
      queryClient.setQueryData(detailKey(kind, answer.data.id), answer.data);
      // Lists of this kind, and those showing its name (items listing their category).
      void queryClient.invalidateQueries({ queryKey: CONTENT_KEY });
    },
  });
}

export function useDeleteContent(kind: ContentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<null>(API.admin.content[kind].delete, { id }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: detailKey(kind, id) });
      void queryClient.invalidateQueries({ queryKey: listKey(kind) });
    },
  });
}

export function useContentSites() {
  return useQuery({
    queryKey: SITES_KEY,
    queryFn: async ({ signal }) =>
      (await apiGet<{ list: ContentSite[] }>(API.admin.content.sites, undefined, { signal })).data.list,
    staleTime: 60_000,
  });
}

export function useSaveDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DownloadSaveBody) => apiPost<DownloadSettings>(API.admin.content.downloadSave, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SITES_KEY }),
  });
}
