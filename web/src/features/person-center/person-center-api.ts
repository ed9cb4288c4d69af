/** The account centre's calls (contract/account-centre.ts): profile, security, leaving. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeletionCheck,
  DeletionState,
  ExportData,
  ProfileBody,
  ProfileData,
  SecurityEvent,
  SessionItem,
} from '@trackline/contract/account-centre';
import { API } from '@trackline/contract/paths';
import { apiGet, apiPost, apiUpload } from '../../api/client';
import { QUERY_KEYS } from '../../lib/query-keys';
import { useLoggedIn } from '../../lib/session';

export type { DeletionCheck, ExportData, ProfileData, SecurityEvent, SessionItem };

const P = API.centre;
export const centreKeys = {
  all: ['person-center'] as const,
  profile: ['person-center', 'profile'] as const,
  sessions: ['person-center', 'sessions'] as const,
  events: (page: number) => ['person-center', 'events', page] as const,
  deletion: ['person-center', 'deletion'] as const,
  export: ['person-center', 'export'] as const,
};

export function useProfile() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: centreKeys.profile,
    enabled: loggedIn,
    queryFn: async ({ signal }) => (await apiGet<ProfileData>(P.profile, undefined, { silent: true, signal })).data,
  });
}

export function useSessions() {
  return useQuery({
    queryKey: centreKeys.sessions,
    queryFn: async ({ signal }) =>
      (await apiGet<{ list: SessionItem[] }>(P.sessions, undefined, { silent: true, signal })).data.list,
  });
}

export function useSecurityEvents(page: number) {
  return useQuery({
    queryKey: centreKeys.events(page),
    queryFn: async ({ signal }) =>
      (
        await apiGet<{ list: SecurityEvent[]; total: number; page_size: number }>(
          P.securityEvents,
          { page },
          { silent: true, signal },
        )
      ).data,
  });
}

export function useDeletionCheck() {
  return useQuery({
    queryKey: centreKeys.deletion,
    queryFn: async ({ signal }) =>
      (await apiGet<DeletionCheck>(P.logoutAccount, undefined, { silent: true, signal })).data,
  });
}

export function useDataExport() {
  return useQuery({
    queryKey: centreKeys.export,
    queryFn: async ({ signal }) =>
      (await apiGet<{ export: ExportData | null }>(P.dataExport, undefined, { silent: true, signal })).data.export,
    // While it is being built, look again every few seconds.
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? 3000 : false),
  });
}

/** Everything the centre shows after a change: its own queries and the header's session user. */
export function useRefreshCentre() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: centreKeys.all });
    void client.invalidateQueries({ queryKey: QUERY_KEYS.userInfo });
  };
}

export const saveProfile = (body: ProfileBody) => apiPost<ProfileData>(P.profile, body);
export const uploadImage = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<{ key: string; url: string }>(API.commonUpload, form);
};
export const changePassword = (
  body: { oldpassword: string; newpassword: string } | { code: string; newpassword: string },
) => apiPost<null>(API.resetPwd, body);
export const changeMobile = (body: { old_code: string; mobile: string; code: string }) =>
  apiPost<ProfileData>(P.changeMobile, body);
export const revokeSession = (id: number) => apiPost<null>(P.revokeSession, { id });
export const revokeOthers = () => apiPost<null>(P.revokeOthers, {});
export const requestDeletion = (code: string) => apiPost<{ deletion: DeletionState }>(P.logoutAccount, { code });
export const requestExport = () => apiPost<{ export: ExportData }>(P.dataExport, {});
