/**
 * Work orders (spec §2 /gongdan/*, §7 /api/workorder/*) and the musician's small-file upload (/api/common/upload).
 * No zod here, so pages can import it freely; the request schemas are in workorders.ts.
 *
 * An order is a thread: the opening text is its first reply. Its status says whose turn it is:
 * - open: the user wrote last (new, or the user replied) — the support staff's turn;
 * - answered: the staff replied — nothing more is expected from the user;
 * - awaiting_user: the staff replied and asked the user for something;
 * - closed: done. A user's reply reopens any status to open.
 */
export const WORKORDER_STATUSES = ['open', 'answered', 'awaiting_user', 'closed'] as const;
export type WorkorderStatus = (typeof WORKORDER_STATUSES)[number];

/** What a staff reply may set (closing is its own call). */
export const WORKORDER_STAFF_REPLY_STATUSES = ['answered', 'awaiting_user'] as const;
export type WorkorderStaffReplyStatus = (typeof WORKORDER_STAFF_REPLY_STATUSES)[number];

/** The nine problem types of spec §5, the same values as problem feedback (contract PROBLEM_TYPES). */
export const WORKORDER_TYPE_MIN = 1;
export const WORKORDER_TYPE_MAX = 9;

export const WORKORDER_TITLE_MAX = 100;
export const WORKORDER_CONTENT_MAX = 5000;
export const WORKORDER_ATTACHMENTS_MAX = 5;
export const WORKORDER_PAGE_LIMIT_MAX = 50;

export type WorkorderAuthor = 'user' | 'staff';

/** A file attached to a reply: a key of the uploader's own files, with what is shown for it. */
export interface WorkorderAttachment {
  key: string;
  url: string;
  /** The file's original name (sanitized). */
  name: string;
  size: number;
  content_type: string;
}

/** A row of GET|POST /api/workorder/my. */
export interface WorkorderListItem {
  id: number;
  type: number;
  title: string;
  status: WorkorderStatus;
  created_at: string;
  last_reply_at: string;
  last_reply_by: WorkorderAuthor;
  /** Replies in the thread, the opening text included. */
  reply_count: number;
  /** 1 when the staff replied after the user last opened the order. */
  unread: 0 | 1;
}

export interface WorkorderListData {
  list: WorkorderListItem[];
  total: number;
  page: number;
  limit: number;
}

export interface WorkorderReply {
  id: number;
  author: WorkorderAuthor;
  /** The staff member's display name on the console's view; never sent to musicians. */
  staff_name?: string | null;
  content: string;
  attachments: WorkorderAttachment[];
  created_at: string;
}

export interface WorkorderDetail {
  id: number;
  type: number;
  title: string;
  status: WorkorderStatus;
  work_id: number | null;
  created_at: string;
  updated_at: string;
  last_reply_at: string;
  last_reply_by: WorkorderAuthor;
  closed_at: string | null;
}

/** GET|POST /api/workorder/detail: the order and its thread, oldest first. */
export interface WorkorderDetailData {
  order: WorkorderDetail;
  replies: WorkorderReply[];
}

/** A row of the staff queue (GET /api/admin/workorder/list). */
export interface AdminWorkorderItem extends WorkorderDetail {
  user_id: number;
  /** The user's mobile, masked (138****0000). */
  user_mobile: string;
  user_nickname: string;
  agent_id: number | null;
  assignee_staff_id: number | null;
  assignee_name: string | null;
  reply_count: number;
}

export interface AdminWorkorderListData {
  list: AdminWorkorderItem[];
  total: number;
  page: number;
  limit: number;
}

export interface AdminWorkorderDetailData {
  order: AdminWorkorderItem;
  replies: WorkorderReply[];
}

// The musician's upload (POST /api/common/upload, multipart field `file`).

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** What may be uploaded: images (PNG, JPEG, GIF, WebP), PDF, and UTF-8 plain text (.txt, .lrc). */
export const UPLOAD_KINDS = ['image', 'pdf', 'text'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/** For a file input's `accept`: the browser's first filter; the server decides by the bytes. */
export const UPLOAD_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.pdf,.txt,.lrc,image/png,image/jpeg,image/gif,image/webp';
export const UPLOAD_NAME_MAX = 200;

export interface UploadData {
  url: string;
  key: string;
  name: string;
  size: number;
  content_type: string;
  kind: UploadKind;
}
