/** Request schemas of the message calls; shapes and limits are in messages-types.ts. */
import { z } from 'zod';
import { BROADCAST_AUDIENCES, MESSAGE_CONTENT_MAX, MESSAGE_TITLE_MAX } from './messages-types';

export const messageListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  /** 1: only unread messages. */
  unread: z.coerce.number().int().min(0).max(1).optional(),
});

export const messageReadQuery = z.object({ id: z.coerce.number().int().positive() });

export const broadcastBody = z.object({
  audience: z.enum(BROADCAST_AUDIENCES),
  /** Required for audience 'agent'. */
  agent_id: z.number().int().positive().optional(),
  /** The recipient's mobile, for audience 'user'. */
  mobile: z.string().trim().max(20).optional(),
  title: z.string().trim().min(1).max(MESSAGE_TITLE_MAX),
  content: z.string().trim().min(1).max(MESSAGE_CONTENT_MAX),
});
export type BroadcastBody = z.infer<typeof broadcastBody>;

export const broadcastListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
