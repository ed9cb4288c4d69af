/** The finance console's withdrawal calls (role finance; admins pass). */
import { API } from '@trackline/contract/paths';
import {
  approveBody,
  bankTypeSaveBody,
  batchIdQuery,
  binSaveBody,
  freezeBody,
  payoutBody,
  queueQuery,
  refuseBody,
  taxReportQuery,
  withdrawalIdQuery,
} from '@trackline/contract/withdrawals';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import type { AuthHooks } from '../../platform/http/auth';
import { ok } from '../../platform/http/envelope';
import { requireRole } from '../staff/staff.service';
import {
  allBanks,
  approve,
  batches,
  createBatch,
  detail,
  queue,
  refuse,
  saveBank,
  saveBin,
  setFreeze,
  taxReport,
} from './finance.service';
import { bankFile, importBankResult } from './payouts';

export async function withdrawalsAdminRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ adminToken: [] }];
  const preHandler = [auth.requireStaffSession, requireRole('finance')];
  const paths = API.admin.withdrawals;
  const staff = (request: { staffMember?: { id: number } | null }) => request.staffMember!.id;

  r.get(
    paths.queue,
    { schema: { tags, security, summary: 'The withdrawal queue', querystring: queueQuery }, preHandler },
    async (request) => ok(await queue(deps, request.query)),
  );
  r.get(
    paths.detail,
    {
      schema: {
        tags,
        security,
        summary: "A withdrawal with the musician's balance and history",
        querystring: withdrawalIdQuery,
      },
      preHandler,
    },
    async (request) => ok(await detail(deps, request.query.id)),
  );
  r.post(
    paths.approve,
    { schema: { tags, security, summary: 'Approve (maker–checker when large)', body: approveBody }, preHandler },
    async (request) => ok(await approve(deps, staff(request), request.body.id)),
  );
  r.post(
    paths.refuse,
    { schema: { tags, security, summary: 'Refuse with a reason (releases the hold)', body: refuseBody }, preHandler },
    async (request) => ok(await refuse(deps, staff(request), request.body.id, request.body.reason)),
  );
  r.post(
    paths.payout,
    { schema: { tags, security, summary: 'Send the approved withdrawals in a batch', body: payoutBody }, preHandler },
    async (request) => ok(await createBatch(deps, staff(request), request.body.provider)),
  );
  r.get(paths.batches, { schema: { tags, security, summary: 'Payout batches' }, preHandler }, async () =>
    ok(await batches(deps)),
  );
  r.get(
    paths.batchFile,
    {
      schema: { tags, security, summary: "A bankfile batch's CSV for the bank", querystring: batchIdQuery },
      preHandler,
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="payout-batch-${request.query.id}.csv"`)
        .send(await bankFile(deps, request.query.id)),
  );
  r.post(
    paths.batchResult,
    {
      schema: {
        tags,
        security,
        summary: "The bank's result file for a batch (text/plain body, or JSON { text })",
        querystring: batchIdQuery,
      },
      preHandler,
    },
    async (request) => {
      const body = request.body;
      // text/plain (the file as is) or JSON { text } (the console)
      const text =
        typeof body === 'string'
          ? body
          : typeof (body as { text?: unknown } | null)?.text === 'string'
            ? (body as { text: string }).text
            : '';
      if (!text) throw new AppError('PAYOUT_FILE_INVALID');
      return ok(await importBankResult(deps, request.query.id, text));
    },
  );
  r.post(
    paths.freeze,
    {
      schema: { tags, security, summary: "Freeze or unfreeze a musician's withdrawals", body: freezeBody },
      preHandler,
    },
    async (request) => ok(await setFreeze(deps, staff(request), request.body)),
  );
  r.get(
    paths.taxReport,
    { schema: { tags, security, summary: 'Monthly withholding per person', querystring: taxReportQuery }, preHandler },
    async (request) => ok(await taxReport(deps, request.query.month)),
  );
  r.get(paths.banks, { schema: { tags, security, summary: 'Banks and BINs' }, preHandler }, async () =>
    ok(await allBanks(deps)),
  );
  r.post(
    paths.bankSave,
    { schema: { tags, security, summary: 'Add or edit a bank', body: bankTypeSaveBody }, preHandler },
    async (request) => ok(await saveBank(deps, request.body)),
  );
  r.post(
    paths.binSave,
    { schema: { tags, security, summary: 'Add or edit a BIN', body: binSaveBody }, preHandler },
    async (request) => ok(await saveBin(deps, request.body)),
  );
}
