/** Help centre (spec §7): POST /api/cms/data/webAnchorConfig { type? } and help_info { id, type?, tid? }. */
import { useQuery } from '@tanstack/react-query';
import type { AnchorConfigData, HelpArticle } from '@trackline/contract/content-types';
import { API } from '@trackline/contract/paths';
import { apiPost } from '../../api/client';
import { CONTENT_OPTIONS, CONTENT_STALE_MS, useContentKey } from './content-query';

/** All categories with their anchors; one cached list serves the home, the side navigation and sub-lists. */
export function useAnchorConfig() {
  return useQuery({
    queryKey: useContentKey('anchors'),
    queryFn: async ({ signal }) =>
      (await apiPost<AnchorConfigData>(API.anchorConfig, {}, { ...CONTENT_OPTIONS, signal })).data.list,
    staleTime: CONTENT_STALE_MS,
  });
}

export interface HelpArticleAddress {
  id: number;
  type?: number;
  tid?: number;
}

export function useHelpArticle(address: HelpArticleAddress | null) {
  return useQuery({
    queryKey: useContentKey('help-info', address),
    queryFn: async ({ signal }) =>
      (await apiPost<HelpArticle>(API.helpInfo, address, { ...CONTENT_OPTIONS, signal })).data,
    enabled: address !== null,
    staleTime: CONTENT_STALE_MS,
  });
}
