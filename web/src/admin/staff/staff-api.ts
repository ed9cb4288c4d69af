/** Staff management (admins only): list, create, update (name, roles, password, enabled). */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@trackline/contract/paths';
import type { StaffCreateBody, StaffInfo, StaffUpdateBody } from '@trackline/contract/staff';
import { apiGet, apiPost } from '../../api/client';
import { ADMIN_KEYS } from '../shell/query-keys';

export type { StaffCreateBody, StaffUpdateBody };

export function useStaffList() {
  return useQuery({
    queryKey: ADMIN_KEYS.staffList,
    queryFn: async ({ signal }) => {
      const answer = await apiGet<{ list: StaffInfo[] }>(API.admin.staffList, undefined, { signal });
      return answer.data.list;
    },
  });
}

/** The forms show the known refusals (2051, 2022, 2052) next to the field, hence `silent`. */
export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffCreateBody) => apiPost<{ staff: StaffInfo }>(API.admin.staffCreate, body, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.staffList }),
  });
}

export function useUpdateStaff(options: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffUpdateBody) => apiPost<{ staff: StaffInfo }>(API.admin.staffUpdate, body, options),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.staffList });
      // Editing oneself changes the name and roles the shell shows.
      const me = queryClient.getQueryData<StaffInfo>(ADMIN_KEYS.me);
      if (me && me.id === answer.data.staff.id) queryClient.setQueryData(ADMIN_KEYS.me, answer.data.staff);
    },
  });
}
