/**
 * The musician's card and withdrawal calls (logged in, their own only), spec §7: GET /api/bill/banktype,
 * /api/bill/bankmation?card_no=, /api/bill/bankinfo, POST /api/bill/bank_save, GET /api/bill/withdraw_preview?amount=,
 * POST /api/bill/sure (Idempotency-Key header), GET /api/bill/withdrawals?page=, /api/bill/withdrawal?id=,
 * /api/bill/withdrawal_receipt?id= (PDF). And the payout provider's signed callback, POST /api/payout/callback.
 */
import { API } from '@trackline/contract/paths';
import {
  bankmationQuery,
  bankSaveBody,
  pageQuery,
  previewQuery,
  sureBody,
  withdrawalIdQuery,
} from '@trackline/contract/withdrawals';
import { PAYOUT_CALLBACK_PATH } from '@trackline/contract/withdrawals-paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import type { AuthHooks } from '../../platform/http/auth';
import { ok } from '../../platform/http/envelope';
import { IDEMPOTENCY_HEADER } from '../../platform/http/idempotency';
import { handleCallback } from './payouts';
import { receiptPdf, receiptUrl } from './receipt';
import {
  bankInfo,
  bankTypes,
  cardInfo,
  INVOICE_MAX_BYTES,
  myWithdrawals,
  preview,
  saveCard,
  saveInvoice,
  sure,
  withdrawalView,
} from './withdrawals.service';

const callbackBody = z.object({
  id: z.number().int().positive(),
  outcome: z.enum(['paid', 'failed']),
  detail: z.string().max(500).default(''),
  sig: z.string().max(200),
});

export async function withdrawalsRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['withdrawals'];
  const security = [{ token: [] }];
  const preHandler = auth.requireUser;
  const paths = API.bill;
  const me = (request: { user?: { subjectId: number } | null }) => request.user!.subjectId;

  r.get(paths.banktype, { schema: { tags, security, summary: 'Banks payouts reach' }, preHandler }, async () =>
    ok(await bankTypes(deps.database.db)),
  );
  r.get(
    paths.bankmation,
    { schema: { tags, security, summary: 'What a card number is (by BIN)', querystring: bankmationQuery }, preHandler },
    async (request) => ok(await cardInfo(deps, request.query.card_no)),
  );
  r.get(
    paths.bankinfo,
    { schema: { tags, security, summary: 'The saved card (masked), the balance and the limits' }, preHandler },
    async (request) => ok(await bankInfo(deps, me(request))),
  );
  r.post(
    paths.bankSave,
    {
      schema: { tags, security, summary: 'Add or change the card (SMS code, card check)', body: bankSaveBody },
      preHandler,
    },
    async (request) => ok(await saveCard(deps, me(request), request.body)),
  );
  r.get(
    paths.preview,
    {
      schema: { tags, security, summary: 'Gross, tax, fee and net before confirming', querystring: previewQuery },
      preHandler,
    },
    async (request) => ok(await preview(deps, me(request), request.query.amount)),
  );
  r.post(
    paths.sure,
    {
      schema: { tags, security, summary: 'Confirm a withdrawal (SMS code; Idempotency-Key header)', body: sureBody },
      preHandler,
    },
    async (request) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      return ok(await sure(deps, me(request), request.body, typeof key === 'string' ? key : undefined));
    },
  );
  r.get(
    paths.withdrawals,
    { schema: { tags, security, summary: 'My withdrawals with their timelines', querystring: pageQuery }, preHandler },
    async (request) => ok(await myWithdrawals(deps, me(request), request.query.page)),
  );
  r.get(
    paths.withdrawal,
    {
      schema: { tags, security, summary: 'One withdrawal (receipt page)', querystring: withdrawalIdQuery },
      preHandler,
    },
    async (request) => ok(await withdrawalView(deps, request.query.id, me(request))),
  );
  r.get(
    paths.receiptPdf,
    {
      schema: {
        tags,
        security,
        summary:
          "A withdrawal's receipt: paid → 302 to its stored PDF's short-lived signed link; else a provisional PDF",
        querystring: withdrawalIdQuery,
      },
      preHandler,
    },
    async (request, reply) => {
      const view = await withdrawalView(deps, request.query.id, me(request));
      const url = await receiptUrl(deps, me(request), view);
      if (url) return reply.header('cache-control', 'private, no-store').redirect(url, 302);
      const pdf = await receiptPdf(deps, view);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="withdrawal-${view.id}.pdf"`)
        .send(pdf);
    },
  );

  r.post(
    paths.invoice,
    {
      schema: {
        tags,
        security,
        summary: "An enterprise's invoice for its withdrawal (multipart field file: PDF, JPG or PNG, 10 MB)",
        querystring: withdrawalIdQuery,
        consumes: ['multipart/form-data'],
      },
      preHandler,
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('WITHDRAW_INVOICE_INVALID');
      const file = await request.file({ limits: { fileSize: INVOICE_MAX_BYTES, files: 1, fields: 2 } });
      if (file?.fieldname !== 'file') throw new AppError('WITHDRAW_INVOICE_INVALID');
      const body = await file.toBuffer().catch(() => null);
      if (!body || file.file.truncated) throw new AppError('WITHDRAW_INVOICE_INVALID');
      return ok(await saveInvoice(deps, me(request), request.query.id, body));
    },
  );

  r.post(
    PAYOUT_CALLBACK_PATH,
    { schema: { tags, summary: "The payout provider's signed result for one withdrawal", body: callbackBody } },
    async (request) => ok(await handleCallback(deps, request.body)),
  );
}
