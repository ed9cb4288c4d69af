/**
 * The one place a work's status changes. Every caller (the musician's steps, withdraw, editors' review, mark online)
 * goes through `applyTransition` inside its own transaction: the move is checked against the contract's table,
 * written only if the work still has the status the caller saw (so two editors cannot both act on it), and
 * recorded in work_events with who, from, to, remark and time.
 */
import { nextStatus, type WorkAction, type WorkActor, type WorkStatus } from '@trackline/contract/work-status';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';

export interface TransitionInput {
  workId: number;
  /** The status the caller read (under the same transaction, ideally FOR UPDATE). */
  from: WorkStatus;
  action: WorkAction;
  actor: WorkActor;
  userId?: number | null;
  staffId?: number | null;
  remark?: string;
  /** Extra columns written with the status (remark shown on the tag, reject reason, submitted_at…). */
  set?: {
    remark?: string;
    reject_reason?: string | null;
    reject_text?: string;
    submitted_at?: Date | null;
    live_snapshot?: string | null;
  };
}

/** Moves the work and records the event; refuses (WORK_STATUS_CONFLICT) a move the table does not allow. */
export async function applyTransition(db: Db, input: TransitionInput): Promise<WorkStatus> {
  const to = nextStatus(input.from, input.action, input.actor);
  if (!to) throw new AppError('WORK_STATUS_CONFLICT', { from: input.from, action: input.action });
  // A rejection's reason stays on the work while the musician fixes it (reopened to 00/01 and the steps), and is
  // cleared once the work is submitted again or approved: from then on it is history (work_events) only.
  const leavesRejection = ['200', '201', '300', '301', '990', '991'].includes(to);
  const cleared = leavesRejection ? { reject_reason: null, reject_text: '' } : {};
  const updated = await db
    .updateTable('works')
    .set({ ...cleared, ...input.set, status: to, updated_at: new Date() })
    .where('id', '=', input.workId)
    .where('status', '=', input.from)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new AppError('WORK_STATUS_CONFLICT', { from: input.from });
  await db
    .insertInto('work_events')
    .values({
      work_id: input.workId,
      actor: input.actor,
      user_id: input.userId ?? null,
      staff_id: input.staffId ?? null,
      action: input.action,
      from_status: input.from,
      to_status: to,
      remark: input.remark ?? '',
    })
    .execute();
  return to;
}

/** The first event of a work: created (no from status). */
export async function recordCreated(db: Db, workId: number, userId: number): Promise<void> {
  await db
    .insertInto('work_events')
    .values({ work_id: workId, actor: 'user', user_id: userId, action: 'create', from_status: null, to_status: '00' })
    .execute();
}
