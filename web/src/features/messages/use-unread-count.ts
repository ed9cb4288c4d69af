/** The unread system-message count for the header bell (spec §2, §4). */

import { useQuery } from '@tanstack/react-query';
import { API } from '@trackline/contract/paths';
import { apiGet, isCancelled } from '../../api/client';
import { QUERY_KEYS } from '../../lib/query-keys';
import { useLoggedIn } from '../../lib/session';

export function useUnreadCount(): number {
  const loggedIn = useLoggedIn();
  const { data } = useQuery({
    queryKey: QUERY_KEYS.unreadCount,
    queryFn: async ({ signal }) => {
      try {
        const answer = await apiGet<{ count: number }>(API.messageCount, undefined, { silent: true, signal });
        return answer.data.count;
      } catch (error) {
        // A badge is not worth a modal; the bell still works without a count.
        if (!isCancelled(error)) console.error('Unread message count could not be loaded', error);
        throw error;
      }
    },
    enabled: loggedIn,
  });
  return data ?? 0;
}
