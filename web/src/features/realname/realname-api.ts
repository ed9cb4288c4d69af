/** Real names (issue 10): the musician's calls and the query that pages share. */

import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@trackline/contract/account';
import { API } from '@trackline/contract/paths';
import type {
  EnterpriseInfo,
  EnterpriseSaveBody,
  RealnameInfo,
  RealnameSaveBody,
  RegisterChildrenBody,
  SendNonageBody,
} from '@trackline/contract/realname';
import { apiGet, apiPost } from '../../api/client';
import { QUERY_KEYS } from '../../lib/query-keys';

const P = API.realname;
export const REALNAME_KEY = ['realname', 'info'] as const;

export async function fetchRealnameInfo(signal?: AbortSignal): Promise<RealnameInfo> {
  return (await apiGet<RealnameInfo>(P.info, undefined, { signal, silent: true })).data;
}

export function useRealnameInfo() {
  return useQuery({ queryKey: REALNAME_KEY, queryFn: ({ signal }) => fetchRealnameInfo(signal), staleTime: 0 });
}

/** After a change: the state here and the session user (real_name, is_verify) in the header. */
export function useRefreshRealname() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: REALNAME_KEY });
    void client.invalidateQueries({ queryKey: QUERY_KEYS.userInfo });
  };
}

export async function saveAdult(body: RealnameSaveBody) {
  return (await apiPost<RealnameInfo>(P.save, body)).data;
}

export async function verifyUrl() {
  return (await apiGet<{ url: string }>(P.verifyUrl)).data;
}

export async function sendNonage(body: SendNonageBody) {
  return (await apiPost<{ url: string }>(P.sendNonage, body)).data;
}

export async function devDecide(body: { attempt: string; result: 'pass' | 'fail'; reason: string }) {
  return (await apiPost<{ state: string }>(P.devDecide, body)).data;
}

export async function saveEnterprise(body: EnterpriseSaveBody) {
  return (await apiPost<EnterpriseInfo>(P.enterpriseSave, body)).data;
}

export function registerChildrenRequest(body: RegisterChildrenBody) {
  return apiPost<{ userinfo: UserInfo }>(P.registerChildren, body);
}

/** The provider's page: ours (a path) within the app, a real provider's by a full navigation. */
export function goToVerification(url: string, navigate: (to: string) => void): void {
  if (url.startsWith('/')) navigate(url);
  else window.location.assign(url);
}
