/**
 * The session user (spec §3), from /api/user/info while logged in. The page's first answer (session-probe.ts)
 * or the login's fills the cache, so the header shows the nickname without asking again.
 * Failing to load it is only logged (spec §8); a 1000 answer ends the session in the API client.
 */

import { useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@trackline/contract/account';
import { isCancelled } from '../../api/client';
import { queryClient } from '../../lib/query-client';
import { QUERY_KEYS } from '../../lib/query-keys';
import { useLoggedIn } from '../../lib/session';
import { fetchUserInfo } from './account-api';

async function loadUser(signal: AbortSignal): Promise<UserInfo> {
  try {
    const answer = await fetchUserInfo(signal);
    // Spec §4: the unread message count is refreshed on loading the user.
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.unreadCount });
    return answer.data.userinfo;
  } catch (error) {
    if (!isCancelled(error)) console.error('User information could not be loaded', error);
    throw error;
  }
}

export function useUserInfo() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: QUERY_KEYS.userInfo,
    queryFn: ({ signal }) => loadUser(signal),
    enabled: loggedIn,
  });
}

/** After login or registration the answer already holds the user: no need to ask again. */
export function primeUserInfo(user: UserInfo): void {
  queryClient.setQueryData(QUERY_KEYS.userInfo, user);
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.unreadCount });
}

/** The image prefix (`domain`) applies to relative paths only. */
export function userImageUrl(user: Pick<UserInfo, 'domain'>, path: string): string {
  if (!path) return '';
  if (/^(https?:|data:|blob:)/.test(path) || path.startsWith('//')) return path;
  return `${user.domain.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
