/** Questions and answers (spec §7): POST /api/cms/data/webQuestion { page, limit, keyword?, category? }. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QuestionListData } from '@trackline/contract/content-types';
import { API } from '@trackline/contract/paths';
import { apiPost } from '../../api/client';
import { CONTENT_OPTIONS, CONTENT_STALE_MS, useContentKey } from './content-query';

export interface QuestionListParams {
  page: number;
  limit: number;
  keyword?: string;
  category?: number;
}

export function useQuestions(params: QuestionListParams) {
  return useQuery({
    queryKey: useContentKey('questions', params),
    queryFn: async ({ signal }) =>
      (await apiPost<QuestionListData>(API.questions, params, { ...CONTENT_OPTIONS, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: CONTENT_STALE_MS,
  });
}
