/** Message broadcasts (support and content staff): the sent list, paged on the server, and sending one. */

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BroadcastBody } from '@trackline/contract/messages';
import type { BroadcastItem } from '@trackline/contract/messages-types';
import { API } from '@trackline/contract/paths';
import { apiGet, apiPost } from '../../api/client';
import { ADMIN_KEYS } from '../shell/query-keys';

export const BROADCAST_PAGE_SIZE = 20;

interface BroadcastListData {
  list: BroadcastItem[];
  total: number;
  page: number;
  limit: number;
}

function broadcastPageQuery(page: number) {
  return {
    queryKey: [...ADMIN_KEYS.broadcastList, page],
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const answer = await apiGet<BroadcastListData>(
        API.admin.broadcastList,
        { page, limit: BROADCAST_PAGE_SIZE },
        { signal },
      );
      return answer.data;
    },
    placeholderData: keepPreviousData,
  };
}

/** One page of sent broadcasts: the rows (for ListPage) and the total (for the pager), from one cached answer. */
export function useBroadcastPage(page: number) {
  const list = useQuery({ ...broadcastPageQuery(page), select: (data: BroadcastListData) => data.list });
  const total = useQuery({ ...broadcastPageQuery(page), select: (data: BroadcastListData) => data.total });
  return { list, total: total.data ?? 0 };
}

/** Silent: the form shows refusals about a field (unknown mobile, say) next to it. */
export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BroadcastBody) => apiPost<{ id: number }>(API.admin.broadcast, body, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.broadcastList }),
  });
}
