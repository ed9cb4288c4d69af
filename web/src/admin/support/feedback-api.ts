/** Problem feedback (support staff; admins too): one filtered page from the server, and closing an item. */

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProblemItem, ProblemListData } from '@trackline/contract/content-types';
import { API } from '@trackline/contract/paths';
import { apiGet, apiPost } from '../../api/client';
import { ADMIN_KEYS } from '../shell/query-keys';

export const FEEDBACK_PAGE_SIZE = 20;

export interface FeedbackFilter {
  /** Undefined: open and closed alike. */
  status?: ProblemItem['status'];
  /** 1–9 (spec §5); undefined: every type. */
  type?: number;
  page: number;
}

function feedbackPageQuery(filter: FeedbackFilter) {
  return {
    queryKey: [...ADMIN_KEYS.problemList, filter.status ?? 'all', filter.type ?? 0, filter.page],
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const answer = await apiGet<ProblemListData>(
        API.admin.problemList,
        { status: filter.status, type: filter.type, page: filter.page, limit: FEEDBACK_PAGE_SIZE },
        { signal },
      );
      return answer.data;
    },
    // A new filter or page keeps the old rows on screen (with the table's spinner) until its answer is in.
    placeholderData: keepPreviousData,
  };
}

/** One page of feedback: the rows (for ListPage) and the total (for the pager), from one cached answer. */
export function useFeedbackPage(filter: FeedbackFilter) {
  const list = useQuery({ ...feedbackPageQuery(filter), select: (data: ProblemListData) => data.list });
  const total = useQuery({ ...feedbackPageQuery(filter), select: (data: ProblemListData) => data.total });
  return { list, total: total.data ?? 0 };
}

/**
 * Closes one item. The row shows "closed" at once in every cached page; the pages are then fetched again,
 * so under the "open" filter it leaves the list.
 */
export function useCloseFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<null>(API.admin.problemClose, { id }),
    onSuccess: (_answer, id) => {
      const closedAt = new Date().toISOString();
      queryClient.setQueriesData<ProblemListData>({ queryKey: ADMIN_KEYS.problemList }, (data) =>
        data
          ? {
              ...data,
              list: data.list.map((item) =>
                item.id === id && item.status === 'open' ? { ...item, status: 'closed', closed_at: closedAt } : item,
              ),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.problemList });
    },
  });
}
