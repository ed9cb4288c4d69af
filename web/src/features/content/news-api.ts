/** News (spec §7): POST /api/cms/data/news { page, limit, category? } and news_info { id }. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NewsDetail, NewsListData } from '@trackline/contract/content-types';
import { API } from '@trackline/contract/paths';
import type { LoaderFunctionArgs } from 'react-router';
import { apiPost } from '../../api/client';
import { i18n, i18nReady } from '../../i18n';
import { queryClient } from '../../lib/query-client';
import { CONTENT_OPTIONS, CONTENT_STALE_MS, contentKey, positiveInt, useContentKey } from './content-query';

export interface NewsListParams {
  page: number;
  limit: number;
  category?: number;
}

/** `enabled: false` holds the request back (the home page's teaser until it nears the viewport). */
export function useNewsList(params: NewsListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: useContentKey('news', params),
    queryFn: async ({ signal }) => (await apiPost<NewsListData>(API.news, params, { ...CONTENT_OPTIONS, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: CONTENT_STALE_MS,
  });
}

async function fetchNewsDetail(id: number | null, signal: AbortSignal): Promise<NewsDetail> {
  return (await apiPost<NewsDetail>(API.newsInfo, { id }, { ...CONTENT_OPTIONS, signal })).data;
}

export function useNewsDetail(id: number | null) {
  return useQuery({
    queryKey: useContentKey('news-info', id),
    queryFn: ({ signal }) => fetchNewsDetail(id, signal),
    enabled: id !== null,
    staleTime: CONTENT_STALE_MS,
    // An answer the route loader already got (an unknown id, say) stands: the page shows it, with its Retry.
    retryOnMount: false,
  });
}

/**
 * Route loader of /advisory/detail: the article's request starts with the navigation, while the page's chunk
 * loads and renders, instead of after the page's first render. It does not wait for the answer; the page reads the
 * same query.
 */
export async function prefetchNewsDetail({ request }: LoaderFunctionArgs): Promise<null> {
  // In the remembered language: at once for zh-CN, after the English texts on a first visit in English.
  await i18nReady;
  const id = positiveInt(new URL(request.url).searchParams.get('id'));
  if (id !== null) {
    void queryClient.prefetchQuery({
      queryKey: contentKey('news-info', i18n.language, id),
      queryFn: ({ signal }) => fetchNewsDetail(id, signal),
      staleTime: CONTENT_STALE_MS,
    });
  }
  return null;
}
