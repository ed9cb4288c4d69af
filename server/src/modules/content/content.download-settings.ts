/** The staff content console's download settings: the global scope and each site's store links and QR codes. */

import type { DownloadSaveBody } from '@trackline/contract/content-admin';
import type { ContentSite, DownloadSettings } from '@trackline/contract/content-admin-types';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { allAgents } from '../site/site.service';
import * as adminRepo from './content.admin-repository';
import { saveDownloadConfig } from './content.service';

function toSettings(
  agentId: number | null,
  row?: Omit<DownloadSettings, 'agent_id' | 'updated_at'> & { updated_at: Date },
) {
  return {
    agent_id: agentId,
    ios: row?.ios ?? '',
    android: row?.android ?? '',
    win32: row?.win32 ?? '',
    qr_ios: row?.qr_ios ?? '',
    qr_android: row?.qr_android ?? '',
    updated_at: row ? row.updated_at.toISOString() : null,
  };
}

/** The global scope and every site, each with its download settings (blank where it has none of its own). */
export async function contentSites(deps: Deps): Promise<ContentSite[]> {
  const [agents, configs] = await Promise.all([allAgents(deps), adminRepo.listDownloadConfigs(deps.database.db)]);
  const configOf = (agentId: number | null) => configs.find((c) => c.agent_id === agentId);
  return [
    { agent_id: null, domain: '', site_title: '', download: toSettings(null, configOf(null)) },
    ...agents.map((a) => ({
      agent_id: a.id,
      domain: a.domain,
      site_title: a.site_title,
      download: toSettings(a.id, configOf(a.id)),
    })),
  ];
}

export async function saveDownloadSettings(deps: Deps, body: DownloadSaveBody): Promise<DownloadSettings> {
  const { db } = deps.database;
  await saveDownloadConfig(db, body).catch((err: unknown) => {
    const pgErr = err as { code?: string };
    throw pgErr?.code === '23503' ? new AppError('CONTENT_AGENT_UNKNOWN') : err;
  });
  const row = (await adminRepo.listDownloadConfigs(db)).find((c) => c.agent_id === body.agent_id);
  return toSettings(body.agent_id, row);
}
