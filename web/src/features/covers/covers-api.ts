/** The cover maker's calls (API.covers.*): catalogue, proposals, the server's preview, export, use, saved designs. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CoverDesign } from '@trackline/contract/covers';
import type {
  BgList,
  CoverExport,
  CoverFontInfo,
  CoverIssue,
  CoverPreview,
  Proposals,
  SavedDesign,
  ShadowList,
} from '@trackline/contract/covers-types';
import { API } from '@trackline/contract/paths';
import type { WorkDetail } from '@trackline/contract/work-model';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet, apiPost, isApiError } from '../../api/client';

const silent = { silent: true } as const;
const C = API.covers;
export const COVERS_KEY = ['covers'] as const;

export function useBackgrounds() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...COVERS_KEY, 'bglist', i18n.language],
    queryFn: async ({ signal }) => (await apiGet<BgList>(C.bglist, {}, { ...silent, signal })).data,
    staleTime: 5 * 60_000,
  });
}

export function useEffects() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...COVERS_KEY, 'shadow', i18n.language],
    queryFn: async ({ signal }) => (await apiGet<ShadowList>(C.shadow, {}, { ...silent, signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useFonts() {
  return useQuery({
    queryKey: [...COVERS_KEY, 'fonts'],
    queryFn: async ({ signal }) => (await apiGet<CoverFontInfo[]>(C.fonts, {}, { ...silent, signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export interface ProposeInput {
  work_id?: number;
  title?: string;
  artist?: string;
  label?: string;
  genre?: string;
  round: number;
}

export async function propose(input: ProposeInput): Promise<Proposals> {
  return (await apiPost<Proposals>(C.propose, input, silent)).data;
}

/** The server's render of a design at a small side, debounced while the design changes; the last good one stays. */
export function usePreview(design: CoverDesign | null, workId: number | null, side: 300 | 600 = 600) {
  const [debounced, setDebounced] = useState(design);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(design), 250);
    return () => clearTimeout(timer);
  }, [design]);
  return useQuery({
    queryKey: [...COVERS_KEY, 'preview', side, workId, debounced],
    queryFn: async ({ signal }) =>
      (
        await apiPost<CoverPreview>(
          C.preview,
          { design: debounced, work_id: workId ?? undefined, side },
          { ...silent, signal },
        )
      ).data,
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export async function exportCover(design: CoverDesign, workId: number | null): Promise<CoverExport> {
  return (await apiPost<CoverExport>(C.export, { design, work_id: workId ?? undefined }, silent)).data;
}

/** The rules a refused export names (code 2460), each with its text; none for any other failure. */
export function refusedIssues(error: unknown): CoverIssue[] {
  if (!isApiError(error)) return [];
  const data = error.data as { issues?: CoverIssue[] } | null;
  return Array.isArray(data?.issues) ? data.issues : [];
}

export async function setAsCover(key: string, workId: number): Promise<WorkDetail> {
  return (await apiPost<WorkDetail>(C.use, { key, work_id: workId }, silent)).data;
}

export async function saveDesign(body: {
  id?: number;
  name: string;
  design: CoverDesign;
  work_id?: number;
}): Promise<{ id: number }> {
  return (await apiPost<{ id: number }>(C.designSave, body, silent)).data;
}

export function useSavedDesigns() {
  return useQuery({
    queryKey: [...COVERS_KEY, 'designs'],
    queryFn: async ({ signal }) => (await apiGet<SavedDesign[]>(C.designs, {}, { ...silent, signal })).data,
    staleTime: 0,
  });
}

export async function openDesign(id: number): Promise<SavedDesign> {
  return (await apiGet<SavedDesign>(C.design, { id }, silent)).data;
}
