/** News (spec §7): POST /api/cms/data/news { page, limit, category? } and news_info { id }. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NewsDetail, NewsListData } from '@trackline/contract/content-types';
import { API } from '@trackline/contract/paths';
import { apiPost } from '../../api/client';
import { CONTENT_OPTIONS, CONTENT_STALE_MS, useContentKey } from './content-query';

export interface NewsListParams {
  page: number;
  limit: number;
  category?: number;
}

export function useNewsList(params: NewsListParams) {
  return useQuery({
    queryKey: useContentKey('news', params),
    queryFn: async ({ signal }) => (await apiPost<NewsListData>(API.news, params, { ...CONTENT_OPTIONS, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: CONTENT_STALE_MS,
  });
}

export function useNewsDetail(id: number | null) {
  return useQuery({
    queryKey: useContentKey('news-info', id),
    queryFn: async ({ signal }) =>
      (await apiPost<NewsDetail>(API.newsInfo, { id }, { ...CONTENT_OPTIONS, signal })).data,
    enabled: id !== null,
    staleTime: CONTENT_STALE_MS,
  });
}
