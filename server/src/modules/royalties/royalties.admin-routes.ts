/** The finance console's income calls (role finance; admins pass): the ledger's invariants report. */
import { API } from '@trackline/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import type { AuthHooks } from '../../platform/http/auth';
import { ok } from '../../platform/http/envelope';
import { requireRole } from '../staff/staff.service';
import { checkLedger } from './ledger-check';

export async function royaltiesAdminRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ adminToken: [] }];
  const preHandler = [auth.requireStaffSession, requireRole('finance')];
  const paths = API.admin.royalties;

  r.get(
    paths.ledgerCheck,
    { schema: { tags, security, summary: "The ledger's invariants and the platform's balances" }, preHandler },
    async () => ok(await checkLedger(deps.database.db)),
  );
}
