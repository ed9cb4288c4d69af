/**
 * Taking one's data along (issue 10, with leaving.service.ts): the data export (`account:export`) builds one JSON
 * file (profile, works, messages, work orders, security events), private, read through a short-lived signed link.
 */
import type { ExportData } from '@trackline/contract/account-centre';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { privateFileUrl } from '../storage/file-access';
// A cycle by design: the tasks run this module's functions, and this module enqueues them (used only at call time).
import { exportDataTask } from './account.tasks';
import { insertEvent, insertExport, latestExport } from './centre.repository';

/** POST /api/user/export: one export at a time per account (the partial unique index decides). */
export async function requestExport(
  deps: Deps,
  userId: number,
  meta: { ip: string; userAgent: string },
): Promise<ExportData> {
  const { db } = deps.database;
  const created = await db.transaction().execute(async (trx) => {
    const row = await insertExport(trx, userId);
    if (!row) return undefined;
    await insertEvent(trx, userId, 'export_requested', meta);
    await deps.jobs.add(exportDataTask, { export_id: row.id }, { jobKey: `account:export:${row.id}` }, trx);
    return row;
  });
  if (!created) throw new AppError('EXPORT_PENDING');
  return (await exportOf(deps, userId))!;
}

export async function exportOf(deps: Deps, userId: number): Promise<ExportData | null> {
  const row = await latestExport(deps.database.db, userId);
  if (!row) return null;
  return {
    id: row.id,
    state: row.state,
    created_at: row.created_at.toISOString(),
    ready_at: row.ready_at?.toISOString() ?? null,
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
    url: row.state === 'ready' && row.file_key ? await privateFileUrl(deps, row.file_key) : null,
  };
}

/** Builds the export file; rerunnable (same key, same content, the row marked ready once). */
export async function buildExport(deps: Deps, exportId: number): Promise<void> {
  const { db } = deps.database;
  const row = await db.selectFrom('account_exports').selectAll().where('id', '=', exportId).executeTakeFirst();
  if (!row || row.state === 'ready') return;
  const userId = row.user_id;
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'mobile',
      'nickname',
      'avatar',
      'bio',
      'artist_names',
      'real_name',
      'group_id',
      'company_name',
      'is_verify',
      'rate',
      'created_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return;
  const works = await db
    .selectFrom('works')
    .select([
      'id',
      'kind',
      'status',
      'title',
      'version',
      'primary_artists',
      'featured_artists',
      'genre',
      'language',
      'release_date',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const tracks = works.length
    ? await db
        .selectFrom('work_tracks')
        .selectAll()
        .where(
          'work_id',
          'in',
          works.map((w) => w.id),
        )
        .orderBy('id')
        .execute()
    : [];
  const messages = await db
    .selectFrom('messages')
    .select(['id', 'kind', 'title', 'content', 'created_at'])
    .where((eb) =>
      eb.or([
        eb.and([eb('audience', '=', 'user'), eb('user_id', '=', userId)]),
        eb('audience', '=', 'all'),
        eb.and([
          eb('audience', '=', 'agent'),
          eb('agent_id', '=', db.selectFrom('users').select('agent_id').where('id', '=', userId)),
        ]),
      ]),
    )
    .orderBy('id')
    .execute();
  const orders = await db
    .selectFrom('work_orders')
    .select(['id', 'type', 'title', 'status', 'work_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const replies = orders.length
    ? await db
        .selectFrom('work_order_replies')
        .select(['id', 'order_id', 'author', 'content', 'created_at'])
        .where(
          'order_id',
          'in',
          orders.map((o) => o.id),
        )
        .orderBy('id')
        .execute()
    : [];
  const events = await db
    .selectFrom('account_events')
    .select(['kind', 'ip', 'user_agent', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const file = {
    format: 'trackline-account-export',
    version: 1,
    exported_at: new Date().toISOString(),
    profile: user,
    works: works.map((w) => ({ ...w, tracks: tracks.filter((t) => t.work_id === w.id) })),
    messages,
    work_orders: orders.map((o) => ({ ...o, replies: replies.filter((r) => r.order_id === o.id) })),
    security_events: events,
  };
  const body = Buffer.from(JSON.stringify(file, null, 2));
  const key = `users/${userId}/exports/${exportId}.json`;
  await deps.storage.put(key, body, 'application/json');
  await db
    .updateTable('account_exports')
    .set({ state: 'ready', file_key: key, size_bytes: body.length, ready_at: new Date() })
    .where('id', '=', exportId)
    .where('state', '=', 'pending')
    .execute();
}
