/**
 * Site configuration by domain. A development hostname can be mapped to the production domain
 * (AGENT_DOMAIN_ALIASES, e.g. localhost=music.example.com); an unknown domain gets the default agent.
 */
import type { AgentInfo } from '@trackline/contract/site';
import type { AgentSaveBody } from '@trackline/contract/staff';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import {
  type AgentRow,
  findAgentByDomain,
  findAgentById,
  findDefaultAgent,
  insertAgent,
  listAgents,
  updateAgent,
} from './site.repository';

export function normalizeDomain(raw: string | undefined, aliases: Map<string, string>): string {
  const host = (raw ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return aliases.get(host) ?? host;
}

export function toAgentInfo(row: AgentRow): AgentInfo {
  const { is_default: _isDefault, ...info } = row;
  return info;
}

export async function agentForDomain(deps: Deps, domain: string | undefined): Promise<AgentRow> {
  const { db } = deps.database;
  const normalized = normalizeDomain(domain, deps.config.agentDomainAliases);
  const found = normalized ? await findAgentByDomain(db, normalized) : undefined;
  const agent = found ?? (await findDefaultAgent(db));
  if (!agent) throw new AppError('NOT_FOUND');
  return agent;
}

export async function allAgents(deps: Deps): Promise<AgentInfo[]> {
  return (await listAgents(deps.database.db)).map(toAgentInfo);
}

export async function saveAgent(deps: Deps, body: AgentSaveBody): Promise<AgentInfo> {
  const { db } = deps.database;
  const { id, ...rest } = body;
  // Stored the way visitors are looked up (without a port), or a site saved with one would never be found.
  const fields = { ...rest, domain: normalizeDomain(rest.domain, new Map()) };
  const clash = await findAgentByDomain(db, fields.domain);
  if (clash && clash.id !== id) throw new AppError('AGENT_DOMAIN_TAKEN');
  let savedId: number;
  if (id === undefined) {
    savedId = await insertAgent(db, fields);
  } else {
    if (!(await updateAgent(db, id, fields))) throw new AppError('NOT_FOUND');
    savedId = id;
  }
  return toAgentInfo((await findAgentById(db, savedId))!);
}

/** The site that answers for unknown domains; created at the first start. */
export async function ensureDefaultAgent(deps: Deps, fields: Omit<AgentSaveBody, 'id'>): Promise<AgentInfo> {
  const { db } = deps.database;
  const existing = await findDefaultAgent(db);
  if (existing) return toAgentInfo(existing);
  const id = await insertAgent(db, { ...fields, is_default: true });
  return toAgentInfo((await findAgentById(db, id))!);
}
