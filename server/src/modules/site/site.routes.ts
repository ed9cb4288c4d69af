/** GET /api/agent/info?domain= → data.data: the site configuration (spec §7: "uses data.data"). */
import { API } from '@trackline/contract/paths';
import { agentInfoQuery } from '@trackline/contract/site';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import { ok } from '../../platform/http/envelope';
import { agentForDomain, toAgentInfo } from './site.service';

export async function siteRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(API.agentInfo, { schema: { tags: ['site'], querystring: agentInfoQuery } }, async (request) => {
    const agent = await agentForDomain(deps, request.query.domain ?? request.hostname);
    return ok({ data: toAgentInfo(agent) });
  });
}
