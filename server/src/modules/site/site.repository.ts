/** The only code touching the agents table. */
import type { AgentSaveBody } from '@trackline/contract/staff';
import type { Db } from '../../platform/db/database';

const columns = [
  'id',
  'domain',
  'is_default',
  'site_title',
  'site_logo',
  'company_name',
  'record_number',
  'record_url',
  'contact_phone',
  'contact_email',
  'contact_address',
  'qr_ios',
  'qr_android',
  'qr_service',
  'qr_wechat',
] as const;

export type AgentRow = NonNullable<Awaited<ReturnType<typeof findAgentById>>>;

export function findAgentById(db: Db, id: number) {
  return db.selectFrom('agents').select(columns).where('id', '=', id).executeTakeFirst();
}

export function findAgentByDomain(db: Db, domain: string) {
  return db.selectFrom('agents').select(columns).where('domain', '=', domain).executeTakeFirst();
}

export function findDefaultAgent(db: Db) {
  return db.selectFrom('agents').select(columns).where('is_default', '=', true).executeTakeFirst();
}

export function listAgents(db: Db) {
  return db.selectFrom('agents').select(columns).orderBy('id').execute();
}

type AgentFields = Omit<AgentSaveBody, 'id'>;

export async function insertAgent(db: Db, values: AgentFields & { is_default?: boolean }): Promise<number> {
  const row = await db.insertInto('agents').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAgent(db: Db, id: number, values: AgentFields): Promise<boolean> {
  const res = await db
    .updateTable('agents')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}
