/**
 * The system messages an editor's action sends the work's musician (written in the action's transaction): first
 * review passed, approved and being distributed (with the release's codes), rejected (the reason and the editor's
 * text), online. Each is a template with its parameters (contract/src/message-templates.ts), rendered in the
 * reader's language when read; each links to the musician's work list, opened at the work.
 */
import { type TemplatedMessage, templated } from '@trackline/contract/message-templates';
import type { ReviewCodes } from '@trackline/contract/review-types';
import type { RejectReason } from '@trackline/contract/work-model';

/** Messages about a work's review; rejections have a kind of their own so the portal can stress them. */
export const WORK_STATUS_MESSAGE_KIND = 'work_status';
export const WORK_REJECTED_MESSAGE_KIND = 'work_rejected';

interface WorkRef {
  id: number;
  title: string;
}

/** The musician's work list, opened at this work. */
export function workLink(workId: number): string {
  return `/work-management/list?id=${workId}`;
}

export function passedFirstMessage(work: WorkRef, remark: string): TemplatedMessage {
  return templated(
    WORK_STATUS_MESSAGE_KIND,
    'work.passed_first',
    { id: work.id, title: work.title, remark },
    workLink(work.id),
  );
}

export function approvedMessage(
  work: WorkRef & { change: boolean },
  codes: ReviewCodes,
  remark: string,
): TemplatedMessage {
  return templated(
    WORK_STATUS_MESSAGE_KIND,
    'work.approved',
    {
      id: work.id,
      title: work.title,
      remark,
      change: work.change,
      upc: codes.upc,
      isrcs: codes.tracks.map((t) => ({ position: t.position, isrc: t.isrc })),
    },
    workLink(work.id),
  );
}

export function rejectedMessage(work: WorkRef, reason: RejectReason, text: string): TemplatedMessage {
  return templated(
    WORK_REJECTED_MESSAGE_KIND,
    'work.rejected',
    { id: work.id, title: work.title, reason, text },
    workLink(work.id),
  );
}

export function onlineMessage(work: WorkRef, remark: string): TemplatedMessage {
  return templated(
    WORK_STATUS_MESSAGE_KIND,
    'work.online',
    { id: work.id, title: work.title, remark },
    workLink(work.id),
  );
}
