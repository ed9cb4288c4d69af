/** Sites ("agents"): list and save (create when `id` is absent). */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@trackline/contract/paths';
import type { AgentInfo } from '@trackline/contract/site';
import type { AgentSaveBody } from '@trackline/contract/staff';
import { apiGet, apiPost } from '../../api/client';
import { ADMIN_KEYS, PUBLIC_SITE_KEY } from '../shell/query-keys';

/** `enabled: false` for members who may not read the sites (the list is for admins). */
export function useAgentList(options: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: ADMIN_KEYS.agentList,
    queryFn: async ({ signal }) => {
      const answer = await apiGet<{ list: AgentInfo[] }>(API.admin.agentList, undefined, { signal });
      return answer.data.list;
    },
  });
}

/** Silent: the form shows "domain taken" (2050) next to the domain field. */
export function useSaveAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentSaveBody) => apiPost<{ agent: AgentInfo }>(API.admin.agentSave, body, { silent: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.agentList });
      // The public header and footer read the site configuration; show the new one without a reload.
      void queryClient.invalidateQueries({ queryKey: PUBLIC_SITE_KEY });
    },
  });
}
