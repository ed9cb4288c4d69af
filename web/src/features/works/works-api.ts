/**
 * The musician's work calls (API.publish.*, API.indexData): fetchers, their query keys and hooks. Queries are
 * silent (each page shows its own loading, empty and error states); mutations are silent too and the caller decides
 * how a refusal shows (inline next to the field it concerns, or the standard modal through showApiError).
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@trackline/contract/paths';
import type {
  IndexData,
  MaterialKind,
  PlatformItem,
  PrereviewResult,
  WorkDetail,
  WorkEvent,
  WorkListData,
} from '@trackline/contract/work-model';
import type { WorkInfoBody, WorkListBody, WorkScopeBody, WorkSignBody } from '@trackline/contract/works';
import { useCallback } from 'react';
import { apiGet, apiPost } from '../../api/client';
import { WAIT_COUNT_KEY } from './use-wait-count';

export const WORKS_KEY = ['works'] as const;
export const worksKeys = {
  index: [...WORKS_KEY, 'index'] as const,
  waitCount: WAIT_COUNT_KEY,
  list: (body: Partial<WorkListBody>) => [...WORKS_KEY, 'list', body] as const,
  detail: (id: number) => [...WORKS_KEY, 'detail', id] as const,
  prereview: (id: number) => [...WORKS_KEY, 'prereview', id] as const,
  history: (id: number) => [...WORKS_KEY, 'history', id] as const,
  platforms: [...WORKS_KEY, 'platforms'] as const,
};

const silent = { silent: true } as const;

// ---- fetchers ----

export async function fetchWorkDetail(id: number, signal?: AbortSignal): Promise<WorkDetail> {
  return (await apiGet<WorkDetail>(API.publish.detail, { id }, { ...silent, signal })).data;
}

export async function fetchPrereview(id: number, signal?: AbortSignal): Promise<PrereviewResult> {
  return (await apiGet<PrereviewResult>(API.publish.prereview, { id }, { ...silent, signal })).data;
}

/**
 * Saves step 1 (the whole track list at once). The answer is the work as saved; should a server answer with less
 * than the detail, it is read again, so the caller always learns the new tracks' ids and the status.
 */
export async function saveWorkInfo(body: WorkInfoBody): Promise<WorkDetail> {
  const answer = await apiPost<Partial<WorkDetail> | null>(API.publish.saveInfo, body, silent);
  const data = answer.data;
  if (data && Array.isArray(data.tracks) && typeof data.status === 'string') return data as WorkDetail;
  return fetchWorkDetail(body.id ?? (data as { id: number }).id);
}

/** Deletes several of the musician's drafts at once (all or none, 2250 when one of them may not be deleted). */
export async function removeDrafts(ids: number[]): Promise<{ deleted: number[] }> {
  return (await apiPost<{ deleted: number[] }>(API.publish.removeBatch, { ids })).data;
}

export async function saveWorkScope(body: WorkScopeBody): Promise<void> {
  await apiPost(API.publish.saveScope, body, silent);
}

export async function signWork(body: WorkSignBody): Promise<void> {
  await apiPost(API.publish.sign, body, silent);
}

export type WorkCommand = 'withdraw' | 'remove' | 'reopen' | 'startChange' | 'discardChange';

export async function runWorkCommand(command: WorkCommand, id: number): Promise<void> {
  await apiPost(API.publish[command], { id }, silent);
}

export async function addMaterial(body: {
  id: number;
  track_id: number | null;
  kind: MaterialKind;
  key: string;
}): Promise<void> {
  await apiPost(API.publish.materialAdd, body, silent);
}

export async function removeMaterial(id: number, materialId: number): Promise<void> {
  await apiPost(API.publish.materialRemove, { id, material_id: materialId }, silent);
}

/** The signed letter as a PDF (a GET the browser opens itself; the session cookie goes along). */
export function authorizationPdfUrl(id: number): string {
  const base = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');
  return `${base}${API.publish.authorizationPdf}?id=${id}`;
}

// ---- hooks ----

export function useWorkDetail(id: number | null) {
  return useQuery({
    queryKey: worksKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchWorkDetail(id!, signal),
    enabled: id !== null,
    // Read afresh whenever a page opens it (the status decides which step shows); never behind a page's back.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useIndexData() {
  return useQuery({
    queryKey: worksKeys.index,
    queryFn: async ({ signal }) => (await apiPost<IndexData>(API.indexData, {}, { ...silent, signal })).data,
    // Editors change works behind the musician's back: read afresh whenever a page opens.
    staleTime: 0,
  });
}

export function useWorkList(body: Partial<WorkListBody>) {
  return useQuery({
    queryKey: worksKeys.list(body),
    queryFn: async ({ signal }) => (await apiPost<WorkListData>(API.publish.list, body, { ...silent, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function usePrereview(id: number | null) {
  return useQuery({
    queryKey: worksKeys.prereview(id ?? 0),
    queryFn: ({ signal }) => fetchPrereview(id!, signal),
    enabled: id !== null,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useWorkHistory(id: number | null) {
  return useQuery({
    queryKey: worksKeys.history(id ?? 0),
    queryFn: async ({ signal }) => (await apiGet<WorkEvent[]>(API.publish.history, { id }, { ...silent, signal })).data,
    staleTime: 0,
    enabled: id !== null,
  });
}

export function usePlatforms() {
  return useQuery({
    queryKey: worksKeys.platforms,
    queryFn: async ({ signal }) =>
      (await apiGet<PlatformItem[]>(API.publish.platforms, undefined, { ...silent, signal })).data,
    staleTime: 10 * 60_000,
  });
}

/** After any change to a work: its detail, lists, counts and pre-review are read again when next shown. */
export function useInvalidateWorks() {
  const queryClient = useQueryClient();
  return useCallback(
    (id?: number) => {
      void queryClient.invalidateQueries({ queryKey: [...WORKS_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: worksKeys.index });
      void queryClient.invalidateQueries({ queryKey: worksKeys.waitCount });
      if (id !== undefined) {
        void queryClient.invalidateQueries({ queryKey: worksKeys.detail(id) });
        void queryClient.invalidateQueries({ queryKey: worksKeys.prereview(id) });
        void queryClient.invalidateQueries({ queryKey: worksKeys.history(id) });
      }
    },
    [queryClient],
  );
}
