/**
 * The site (agent) configuration, looked up by the domain the visitor came in on (spec §1).
 * On localhost the lookup uses VITE_DEV_AGENT_DOMAIN when set, so development shows a real site's
 * configuration; otherwise the server answers with its default site.
 */

import { useQuery } from '@tanstack/react-query';
import { API } from '@trackline/contract/paths';
import type { AgentInfo } from '@trackline/contract/site';
import { DEFAULT_SITE_TITLE } from '@trackline/contract/site-defaults';
import { apiGet, isCancelled } from '../../api/client';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function agentDomain(): string {
  const host = window.location.hostname;
  const devDomain = import.meta.env.VITE_DEV_AGENT_DOMAIN;
  return LOCAL_HOSTS.has(host) && devDomain ? devDomain : host;
}

/**
 * The configuration the server wrote into index.html for this host (server/src/modules/site/site-page.ts): the
 * first render already shows the site's title and logo without waiting for a request. Undefined when
 * it is missing (the Vite dev server) or the development domain override asks for another site.
 */
function configInPage(domain: string): AgentInfo | undefined {
  if (domain !== window.location.hostname) return undefined;
  const text = document.getElementById('site-config')?.textContent;
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as AgentInfo;
    return typeof value?.site_title === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function useAgentInfo() {
  const domain = agentDomain();
  return useQuery({
    // Read when the query is first created. Fresh for good either way; saving a site in the console refetches it
    // (it invalidates 'site').
    initialData: () => configInPage(domain),
    // 'site' first: these queries survive logout (they are not the user's).
    queryKey: ['site', 'agent', domain],
    queryFn: async ({ signal }) => {
      try {
        const answer = await apiGet<{ data: AgentInfo }>(API.agentInfo, { domain }, { silent: true, signal });
        return answer.data.data;
      } catch (error) {
        // The portal works without it (default title and logo); a modal on every page would only annoy.
        if (!isCancelled(error)) console.error('Site configuration could not be loaded', error);
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSiteTitle(): string {
  const { data } = useAgentInfo();
  return data?.site_title?.trim() || DEFAULT_SITE_TITLE;
}
