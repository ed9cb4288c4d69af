/**
 * What waits for the musician (GET /api/publish/waitcount): drafts to finish and rejected works to fix, for the
 * header's "work publishing" badge. Its own small module: the header is in the public shell, which must not carry
 * the works pages' code.
 */
import { useQuery } from '@tanstack/react-query';
import { API } from '@trackline/contract/paths';
import type { WaitCount } from '@trackline/contract/work-model';
import { apiGet } from '../../api/client';
import { useLoggedIn } from '../../lib/session';

export const WAIT_COUNT_KEY = ['works', 'wait-count'] as const;

export function useWaitCount(): WaitCount | undefined {
  const loggedIn = useLoggedIn();
  const { data } = useQuery({
    queryKey: WAIT_COUNT_KEY,
    queryFn: async ({ signal }) =>
      (await apiGet<WaitCount>(API.publish.waitCount, undefined, { silent: true, signal })).data,
    enabled: loggedIn,
    staleTime: 30_000,
  });
  return data;
}
