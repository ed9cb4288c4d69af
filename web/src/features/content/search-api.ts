/** The help centre's one search (issue 9): POST /api/cms/data/search { keyword, limit } → documents, news, questions. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContentSearchData } from '@trackline/contract/content-types';
import { API } from '@trackline/contract/paths';
import { apiPost } from '../../api/client';
import { CONTENT_OPTIONS, CONTENT_STALE_MS, useContentKey } from './content-query';

export function useContentSearch(keyword: string, limit: number) {
  return useQuery({
    queryKey: useContentKey('search', { keyword, limit }),
    queryFn: async ({ signal }) =>
      (await apiPost<ContentSearchData>(API.contentSearch, { keyword, limit }, { ...CONTENT_OPTIONS, signal })).data,
    enabled: keyword !== '',
    staleTime: CONTENT_STALE_MS,
    placeholderData: keepPreviousData,
  });
}
