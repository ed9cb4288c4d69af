/**
 * System messages (spec §7: /api/message/getlist, read, readall, count). A message reaches one user, one agent's
 * users, or everyone; a broadcast is one row, and each user's read state is kept apart. No zod here, so pages can
 * import it freely; the request schemas are in messages.ts.
 */
export interface MessageItem {
  id: number;
  /** 'welcome', 'broadcast', later 'work_status', 'work_rejected', 'workorder_reply'... */
  kind: string;
  title: string;
  /** Plain text (shown escaped, line breaks kept). */
  content: string;
  /** Where the message leads in the portal (a path such as '/gongdan/detail?id=12'), or null. */
  link: string | null;
  created_at: string;
  read: 0 | 1;
}

export interface MessageListData {
  list: MessageItem[];
  total: number;
  page: number;
  limit: number;
  /** The unread count after this call, for the bell. */
  unread: number;
}

export const BROADCAST_AUDIENCES = ['all', 'agent', 'user'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];
export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_CONTENT_MAX = 2000;

export interface BroadcastItem {
  id: number;
  audience: BroadcastAudience;
  agent_id: number | null;
  user_id: number | null;
  /** The recipient's masked mobile for audience 'user'. */
  user_mobile: string | null;
  title: string;
  content: string;
  created_at: string;
  /** How many users have read it so far. */
  read_count: number;
}
