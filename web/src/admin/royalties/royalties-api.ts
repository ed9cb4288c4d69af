/** The console's income calls (/api/admin/royalties/*, role finance; admins pass). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@trackline/contract/paths';
import type { MappingSaveBody } from '@trackline/contract/royalties';
import type { ImportItem, LedgerReport, ReconRow, UnmatchedKey } from '@trackline/contract/royalties-types';
import { apiGet, apiPost, apiUploadWithProgress } from '../../api/client';

export type { ImportItem, LedgerReport, ReconRow, UnmatchedKey };

/** A store statement's column mapping as the console lists it (the shipped ones are `builtin`, read only). */
export interface MappingItem {
  code: string;
  name: string;
  builtin: boolean;
  mapping: MappingSaveBody['mapping'];
}

const KEY = ['admin', 'royalties'] as const;
const paths = API.admin.royalties;

export function useImports() {
  return useQuery({
    queryKey: [...KEY, 'imports'],
    queryFn: async ({ signal }) => (await apiGet<{ list: ImportItem[] }>(paths.imports, {}, { signal })).data.list,
    // while an import runs its progress bar moves
    refetchInterval: (q) => (q.state.data?.some((i) => i.state === 'queued' || i.state === 'running') ? 1000 : false),
  });
}

export function useMappings() {
  return useQuery({
    queryKey: [...KEY, 'mappings'],
    queryFn: async ({ signal }) =>
      (
        await apiGet<{
          list: MappingItem[];
          stores: Array<{ code: string; name_zh: string; name_en: string }>;
        }>(paths.mappings, {}, { signal })
      ).data,
  });
}

export function useUnmatched(page: number) {
  return useQuery({
    queryKey: [...KEY, 'unmatched', page],
    queryFn: async ({ signal }) =>
      (await apiGet<{ list: UnmatchedKey[]; total: number; page_size: number }>(paths.unmatched, { page }, { signal }))
        .data,
  });
}

export function useReconciliation() {
  return useQuery({
    queryKey: [...KEY, 'reconciliation'],
    queryFn: async ({ signal }) =>
      (await apiGet<{ rows: ReconRow[] }>(paths.reconciliation, { months: 12 }, { signal })).data.rows,
  });
}

export function useLedgerReport() {
  return useQuery({
    queryKey: [...KEY, 'ledger'],
    queryFn: async ({ signal }) => (await apiGet<LedgerReport>(paths.ledgerCheck, {}, { signal })).data,
  });
}

export function useRefreshRoyalties() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: KEY });
}

export const uploadReport = (form: FormData, onProgress: (p: number) => void) =>
  apiUploadWithProgress<{ id: number }>(paths.upload, form, onProgress);
export const matchKey = (id: number, isrc: string) => apiPost(paths.unmatchedMatch, { id, isrc });
export const dismissKey = (id: number) => apiPost(paths.unmatchedDismiss, { id });
export const saveRemittance = (platform_code: string, month: string, amount_fen: string) =>
  apiPost(paths.remittanceSave, { platform_code, month, amount_fen });
export const saveMapping = (body: MappingSaveBody) => apiPost(paths.mappingSave, body);
