/** Downloads (spec §7): POST /api/web/download_config {} and /api/softversion/getversion { platform? }. */
import { useQuery } from '@tanstack/react-query';
import type { DownloadConfig, VersionListData } from '@trackline/contract/content-types';
import { API } from '@trackline/contract/paths';
import { apiPost } from '../../api/client';
import { CONTENT_OPTIONS, CONTENT_STALE_MS, useContentKey } from './content-query';

export function useDownloadConfig() {
  return useQuery({
    queryKey: useContentKey('download-config'),
    queryFn: async ({ signal }) =>
      (await apiPost<DownloadConfig>(API.downloadConfig, {}, { ...CONTENT_OPTIONS, signal })).data,
    staleTime: CONTENT_STALE_MS,
  });
}

export function useVersions() {
  return useQuery({
    queryKey: useContentKey('versions'),
    queryFn: async ({ signal }) =>
      (await apiPost<VersionListData>(API.versions, {}, { ...CONTENT_OPTIONS, signal })).data.list,
    staleTime: CONTENT_STALE_MS,
  });
}
