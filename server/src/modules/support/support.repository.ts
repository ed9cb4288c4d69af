/** The only code touching the problem_feedback table. */
import type { Db } from '../../platform/db/database';

export async function insertProblem(
  db: Db,
  values: { type: number; content: string; mobile: string; user_id: number | null; agent_id: number; ip: string },
): Promise<number> {
  const row = await db.insertInto('problem_feedback').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface ProblemFilter {
  status?: 'open' | 'closed';
  type?: number;
}

function filtered(db: Db, filter: ProblemFilter) {
  let q = db.selectFrom('problem_feedback');
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.type !== undefined) q = q.where('type', '=', filter.type);
  return q;
}

export async function pageProblems(db: Db, filter: ProblemFilter, page: { offset: number; limit: number }) {
  const [list, count] = await Promise.all([
    filtered(db, filter)
      .select([
        'id',
        'type',
        'content',
        'mobile',
        'user_id',
        'agent_id',
        'status',
        'created_at',
        'closed_at',
        'closed_by',
      ])
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.total) };
}

/** Closes an open item; closing a closed one changes nothing. Answers false for an unknown id. */
export async function closeProblem(db: Db, id: number, staffId: number): Promise<boolean> {
  const updated = await db
    .updateTable('problem_feedback')
    .set({ status: 'closed', closed_at: new Date(), closed_by: staffId })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (updated.numUpdatedRows === 1n) return true;
  const exists = await db.selectFrom('problem_feedback').select('id').where('id', '=', id).executeTakeFirst();
  return exists !== undefined;
}
