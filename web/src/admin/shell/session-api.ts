/** The staff session: login, who am I, logout, and the picture code the login page may ask for. */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaptchaData } from '@trackline/contract/account';
import { API } from '@trackline/contract/paths';
import type { StaffInfo, StaffLoginBody } from '@trackline/contract/staff';
import { apiGet, apiPost } from '../../api/client';
import { ADMIN_KEYS } from './query-keys';

export type { CaptchaData } from '@trackline/contract/account';
export type { StaffLoginBody };

/** Silent: the guard and the login page decide themselves what a failure means. */
export async function fetchCurrentStaff(signal?: AbortSignal): Promise<StaffInfo> {
  const answer = await apiGet<{ staff: StaffInfo }>(API.admin.me, undefined, { silent: true, signal });
  return answer.data.staff;
}

export function fetchCaptcha() {
  return apiGet<CaptchaData>(API.captcha, undefined, { silent: true });
}

export function useCurrentStaffQuery() {
  return useQuery({
    queryKey: ADMIN_KEYS.me,
    queryFn: ({ signal }) => fetchCurrentStaff(signal),
    staleTime: 60_000,
  });
}

/** Login errors are shown on the page (a 2002 asks for the picture code), hence `silent`. */
export function useStaffLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffLoginBody) => apiPost<{ staff: StaffInfo }>(API.admin.login, body, { silent: true }),
    onSuccess: (answer) => {
      // Nothing cached for a previous member may leak into this session.
      queryClient.removeQueries({ queryKey: ADMIN_KEYS.all });
      queryClient.setQueryData(ADMIN_KEYS.me, answer.data.staff);
    },
  });
}

export function useStaffLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiGet<null>(API.admin.logout),
    onSuccess: () => queryClient.removeQueries({ queryKey: ADMIN_KEYS.all }),
  });
}
