/** Request schemas of the work-order calls; shapes, statuses and limits are in workorder-types.ts. */
import { z } from 'zod';
import {
  WORKORDER_ATTACHMENTS_MAX,
  WORKORDER_CONTENT_MAX,
  WORKORDER_PAGE_LIMIT_MAX,
  WORKORDER_STAFF_REPLY_STATUSES,
  WORKORDER_STATUSES,
  WORKORDER_TITLE_MAX,
  WORKORDER_TYPE_MAX,
  WORKORDER_TYPE_MIN,
} from './workorder-types';

const id = z.coerce.number().int().positive();
const page = z.coerce.number().int().min(1).max(10_000).default(1);
const limit = z.coerce.number().int().min(1).max(WORKORDER_PAGE_LIMIT_MAX).default(10);
const type = z.coerce.number().int().min(WORKORDER_TYPE_MIN).max(WORKORDER_TYPE_MAX);
const content = z.string().trim().min(1).max(WORKORDER_CONTENT_MAX);

/** Storage keys the caller uploaded before (POST /api/common/upload answers them); checked for ownership. */
const attachments = z.array(z.string().trim().min(1).max(300)).max(WORKORDER_ATTACHMENTS_MAX).optional().default([]);

export const workorderCreateBody = z.object({
  type,
  title: z.string().trim().min(1).max(WORKORDER_TITLE_MAX),
  content,
  attachments,
  /** The work the order is about (the works table arrives with a later issue; a positive number until then). */
  work_id: z.coerce.number().int().positive().nullish(),
});
export type WorkorderCreateBody = z.input<typeof workorderCreateBody>;

export const workorderMyBody = z.object({ page, limit, status: z.enum(WORKORDER_STATUSES).optional() });
export type WorkorderMyBody = z.input<typeof workorderMyBody>;

export const workorderDetailBody = z.object({ id });

export const workorderReplyBody = z.object({ id, content, attachments });
export type WorkorderReplyBody = z.input<typeof workorderReplyBody>;

// The console's calls (support role; admins pass every role).

export const adminWorkorderListQuery = z.object({
  status: z.enum(WORKORDER_STATUSES).optional(),
  type: type.optional(),
  /** 'me' (assigned to the caller), 'none' (unassigned) or a staff id. */
  assignee: z.union([z.enum(['me', 'none']), z.string().regex(/^[1-9]\d{0,15}$/)]).optional(),
  page,
  limit: z.coerce.number().int().min(1).max(WORKORDER_PAGE_LIMIT_MAX).default(20),
});
export type AdminWorkorderListQuery = z.input<typeof adminWorkorderListQuery>;

export const adminWorkorderDetailQuery = z.object({ id });

export const adminWorkorderReplyBody = z.object({
  id,
  content,
  /** Image keys from /api/admin/upload/image (under images/). */
  attachments,
  status: z.enum(WORKORDER_STAFF_REPLY_STATUSES),
});
export type AdminWorkorderReplyBody = z.input<typeof adminWorkorderReplyBody>;

export const adminWorkorderAssignBody = z.object({
  id,
  /** null releases the order. */
  staff_id: z.number().int().positive().nullable(),
});

export const adminWorkorderCloseBody = z.object({ id });
