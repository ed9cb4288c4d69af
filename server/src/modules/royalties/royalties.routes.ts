/**
 * The musician's income calls (logged in, their own bills only): POST /api/bill/grandtotal (balance summary),
 * GET /api/bill/list?page=, GET /api/bill/detail?month=&by=&platform_code=&territory=, GET /api/bill/export (CSV of
 * the same filtered view).
 */
import { API } from '@trackline/contract/paths';
import { billDetailQuery, billListQuery } from '@trackline/contract/royalties';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import type { AuthHooks } from '../../platform/http/auth';
import { langOf, ok } from '../../platform/http/envelope';
import { billCsv, billDetail, billList, grandTotal } from './bills.service';

export async function royaltiesRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['royalties'];
  const security = [{ token: [] }];
  const preHandler = auth.requireUser;
  const paths = API.bill;

  r.post(
    paths.grandtotal,
    {
      schema: { tags, security, summary: 'Balance summary: available, held, withdrawing, withdrawn, all-time income' },
      preHandler,
    },
    async (request) => ok(await grandTotal(deps, request.user!.subjectId)),
  );
  r.get(
    paths.list,
    { schema: { tags, security, summary: 'Bills per accounting month', querystring: billListQuery }, preHandler },
    async (request) => ok(await billList(deps, request.user!.subjectId, request.query.page)),
  );
  r.get(
    paths.detail,
    {
      schema: { tags, security, summary: "A bill's detail, grouped and filtered", querystring: billDetailQuery },
      preHandler,
    },
    async (request) => ok(await billDetail(deps, request.user!.subjectId, request.query, langOf(request))),
  );
  r.get(
    paths.export,
    { schema: { tags, security, summary: 'The filtered detail as CSV', querystring: billDetailQuery }, preHandler },
    async (request, reply) => {
      const csv = await billCsv(deps, request.user!.subjectId, request.query, langOf(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bill-${request.query.month}-${request.query.by}.csv"`)
        .send(csv);
    },
  );
}
