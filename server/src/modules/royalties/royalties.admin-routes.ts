/**
 * The finance console's income calls (role finance; admins pass): upload a store report and follow its import,
 * the column mappings, and the ledger's invariants report.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { API } from '@trackline/contract/paths';
import {
  importIdQuery,
  importUploadFields,
  mappingSaveBody,
  reconciliationQuery,
  remittanceSaveBody,
  unmatchedDismissBody,
  unmatchedMatchBody,
  unmatchedQuery,
} from '@trackline/contract/royalties';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import type { AuthHooks } from '../../platform/http/auth';
import { langOf, ok, okText } from '../../platform/http/envelope';
import { requireRole } from '../staff/staff.service';
import { dismissKey, matchKey, reconciliation, saveRemittance, unmatched } from './console.service';
import { createImport, IMPORT_MAX_BYTES, importInfo, importList, mappings, saveMapping } from './import.service';
import { checkLedger } from './ledger-check';

export async function royaltiesAdminRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ adminToken: [] }];
  const preHandler = [auth.requireStaffSession, requireRole('finance')];
  const paths = API.admin.royalties;
  // Statements are private: kept outside the served files folder, read only by the import job.
  const importDir = path.join(deps.config.dataDir, 'imports');

  r.get(
    paths.ledgerCheck,
    { schema: { tags, security, summary: "The ledger's invariants and the platform's balances" }, preHandler },
    async () => ok(await checkLedger(deps.database.db)),
  );

  r.post(
    paths.upload,
    {
      schema: {
        tags,
        security,
        summary:
          'Upload a store report (fields platform_code, format, mapping_code, accounting_month, fx_rate, then file)',
        consumes: ['multipart/form-data'],
      },
      preHandler,
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('IMPORT_FILE_INVALID');
      const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10 } });
      if (file?.fieldname !== 'file') throw new AppError('IMPORT_FILE_INVALID');
      const raw: Record<string, string> = {};
      for (const [name, field] of Object.entries(file.fields)) {
        const f = Array.isArray(field) ? field[0] : field;
        if (f && f.type === 'field' && typeof f.value === 'string' && f.value !== '') raw[name] = f.value;
      }
      const fields = importUploadFields.safeParse(raw);
      if (!fields.success) {
        file.file.resume();
        throw new AppError('VALIDATION', { issues: fields.error.issues.map((i) => i.path.join('.')) });
      }
      await mkdir(importDir, { recursive: true });
      const target = path.join(importDir, `${randomUUID()}.dat`);
      await pipeline(file.file, createWriteStream(target));
      if (file.file.truncated) {
        await rm(target, { force: true });
        throw new AppError('TOO_LARGE');
      }
      const created = await createImport(
        deps,
        fields.data,
        { path: target, name: file.filename },
        request.staffMember!.id,
      );
      return ok(created, okText('SAVED', langOf(request)));
    },
  );

  r.get(
    paths.imports,
    { schema: { tags, security, summary: 'Recent imports with their progress' }, preHandler },
    async () => ok({ list: await importList(deps) }),
  );
  r.get(
    paths.importInfo,
    { schema: { tags, security, summary: 'One import', querystring: importIdQuery }, preHandler },
    async (request) => ok(await importInfo(deps, request.query.id)),
  );
  r.get(
    paths.mappings,
    { schema: { tags, security, summary: 'Column mappings of store statements' }, preHandler },
    async () => ok(await mappings(deps)),
  );
  r.post(
    paths.mappingSave,
    { schema: { tags, security, summary: 'Add or change a column mapping', body: mappingSaveBody }, preHandler },
    async (request) => {
      await saveMapping(deps, request.body);
      return ok(null, okText('SAVED', langOf(request)));
    },
  );

  r.get(
    paths.unmatched,
    {
      schema: {
        tags,
        security,
        summary: 'Keys (ISRC, UPC) of a report that no track or release matched',
        querystring: unmatchedQuery,
      },
      preHandler,
    },
    async (request) => ok(await unmatched(deps, request.query.page)),
  );
  r.post(
    paths.unmatchedMatch,
    {
      schema: {
        tags,
        security,
        summary: 'Match a key to a track (its money leaves suspense)',
        body: unmatchedMatchBody,
      },
      preHandler,
    },
    async (request) =>
      ok(await matchKey(deps, request.body, request.staffMember!.id), okText('SAVED', langOf(request))),
  );
  r.post(
    paths.unmatchedDismiss,
    {
      schema: {
        tags,
        security,
        summary: 'Mark a key as not ours (its money leaves suspense back to the store)',
        body: unmatchedDismissBody,
      },
      preHandler,
    },
    async (request) => {
      await dismissKey(deps, request.body.id, request.staffMember!.id);
      return ok(null, okText('SAVED', langOf(request)));
    },
  );
  r.get(
    paths.reconciliation,
    {
      schema: {
        tags,
        security,
        summary: 'Imported against remitted per store and month',
        querystring: reconciliationQuery,
      },
      preHandler,
    },
    async (request) => ok(await reconciliation(deps, request.query.months)),
  );
  r.post(
    paths.remittanceSave,
    {
      schema: { tags, security, summary: 'Record what a store remitted for a month', body: remittanceSaveBody },
      preHandler,
    },
    async (request) => {
      await saveRemittance(deps, request.body, request.staffMember!.id);
      return ok(null, okText('SAVED', langOf(request)));
    },
  );
}
