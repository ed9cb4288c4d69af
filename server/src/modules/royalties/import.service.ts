/** Finance's side of imports: record an uploaded report and queue its job; mappings; the import list. */
import type { ImportUploadFields, MappingSaveBody } from '@trackline/contract/royalties';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { mappingProblems } from './csv-statement';
import * as repo from './import.repository';
import { queueImport } from './royalties.tasks';

/** A statement is read as a stream, so size only bounds the disk it takes: 2 GiB per file. */
export const IMPORT_MAX_BYTES = 2 * 1024 ** 3;

export async function createImport(
  deps: Deps,
  fields: ImportUploadFields,
  file: { path: string; name: string },
  staffId: number | null,
): Promise<{ id: number }> {
  const db = deps.database.db;
  if (fields.format === 'csv') {
    const mapping = fields.mapping_code ? await repo.findMapping(db, fields.mapping_code) : undefined;
    if (!mapping) throw new AppError('IMPORT_MAPPING_INVALID');
  }
  const platform = await db
    .selectFrom('platforms')
    .select('code')
    .where('code', '=', fields.platform_code)
    .executeTakeFirst();
  if (!platform) throw new AppError('VALIDATION', { field: 'platform_code' });
  return db.transaction().execute(async (trx) => {
    const id = await repo.insertImport(trx, {
      platform_code: fields.platform_code,
      format: fields.format,
      mapping_code: fields.format === 'csv' ? fields.mapping_code! : null,
      file_path: file.path,
      file_name: file.name.slice(0, 200),
      fx_rate: fields.fx_rate ?? null,
      accounting_month: `${fields.accounting_month}-01`,
      staff_id: staffId,
    });
    await queueImport(deps, trx, id);
    return { id };
  });
}

export async function importInfo(deps: Deps, id: number) {
  const row = await repo.findImport(deps.database.db, id);
  if (!row) throw new AppError('IMPORT_NOT_FOUND');
  const { file_path: _path, ...shown } = row;
  return shown;
}

export async function importList(deps: Deps) {
  return (await repo.listImports(deps.database.db)).map(({ file_path: _path, ...shown }) => shown);
}

/** The mappings, and the stores a report can come from (for the upload form). */
export async function mappings(deps: Deps) {
  const db = deps.database.db;
  const stores = await db.selectFrom('platforms').select(['code', 'name_zh', 'name_en']).orderBy('sort').execute();
  return { list: await repo.listMappings(db), stores };
}

export async function saveMapping(deps: Deps, body: MappingSaveBody): Promise<void> {
  const problems = mappingProblems(body.mapping);
  if (problems.length > 0) throw new AppError('IMPORT_MAPPING_INVALID', { missing: problems });
  // the shipped mappings are not overwritten: a store's variant gets a code of its own
  if (!(await repo.saveMapping(deps.database.db, body))) throw new AppError('MAPPING_BUILTIN');
}
