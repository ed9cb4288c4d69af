/**
 * The single-page app's index.html, with the configuration of the request's site (agent) written into it as a
 * JSON data block (`<script type="application/json" id="site-config">`, never executed, so the page's CSP
 * allows it). The header and footer are then right on the first render: no request for GET /api/agent/info
 * before the first paint, no default title swapped for the site's a moment later. The web app falls back to that
 * call when the block is missing (the Vite dev server, a failed lookup).
 */
import { readFile, stat } from 'node:fs/promises';
import type { Deps } from '../../platform/deps';
import { agentForDomain, toAgentInfo } from './site.service';

export const SITE_CONFIG_ELEMENT_ID = 'site-config';

/** JSON that cannot end the script element or start a comment in it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function withSiteConfig(html: string, config: unknown): string {
  const block = `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${scriptSafeJson(config)}</script>`;
  const at = html.indexOf('</head>');
  return at === -1 ? html : `${html.slice(0, at)}${block}\n  ${html.slice(at)}`;
}

/**
 * index.html for a host. The file is read once and again only when it changes (a new build under a running
 * server); a failed site lookup gives the plain file.
 */
export function siteIndexPage(
  deps: Deps,
  indexPath: string,
): (hostname: string, onLookupError: (error: unknown) => void) => Promise<string> {
  let cached: { mtimeMs: number; html: string } | undefined;
  const template = async (): Promise<string> => {
    const { mtimeMs } = await stat(indexPath);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await readFile(indexPath, 'utf8') };
    return cached.html;
  };
  return async (hostname, onLookupError) => {
    const html = await template();
    try {
      return withSiteConfig(html, toAgentInfo(await agentForDomain(deps, hostname)));
    } catch (error) {
      onLookupError(error);
      return html;
    }
  };
}
