/**
 * Work orders and the files users upload.
 *
 * user_files: every file a musician uploaded (key unique), owned by the storage module. Work orders attach them
 * now; storage quota and audio files will count and reuse them later.
 *
 * work_orders: one per support request; its thread is work_order_replies, the opening text being the first reply.
 * status is whose turn it is (open: staff; answered / awaiting_user: the staff replied; closed). last_reply_at and
 * last_reply_by are kept on the order so lists sort and filter without reading the thread. work_id will reference
 * works once that table exists (a later issue adds the foreign key).
 *
 * messages.link: where a message leads in the portal ('/gongdan/detail?id=12'), NULL for plain messages.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_files (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      key text NOT NULL UNIQUE,
      kind text NOT NULL CHECK (kind IN ('image', 'pdf', 'text', 'audio')),
      content_type text NOT NULL,
      size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
      original_name text NOT NULL DEFAULT '' CHECK (char_length(original_name) <= 200),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX user_files_user ON user_files (user_id, id DESC);

    CREATE TABLE work_orders (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      agent_id bigint REFERENCES agents(id) ON DELETE SET NULL,
      type smallint NOT NULL CHECK (type BETWEEN 1 AND 9),
      title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'awaiting_user', 'closed')),
      work_id bigint CHECK (work_id > 0),
      assignee_staff_id bigint REFERENCES staff(id) ON DELETE SET NULL,
      -- the language the user wrote in: the messages about the order are sent in it
      lang text NOT NULL DEFAULT 'zh-CN' CHECK (lang IN ('zh-CN', 'en')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      last_reply_at timestamptz NOT NULL DEFAULT now(),
      last_reply_by text NOT NULL DEFAULT 'user' CHECK (last_reply_by IN ('user', 'staff')),
      -- when the user last opened the order: a staff reply after it is unread
      user_read_at timestamptz,
      closed_at timestamptz,
      CHECK ((status = 'closed') = (closed_at IS NOT NULL))
    );
    CREATE INDEX work_orders_user ON work_orders (user_id, last_reply_at DESC, id DESC);
    CREATE INDEX work_orders_queue ON work_orders (status, last_reply_at DESC, id DESC);
    CREATE INDEX work_orders_assignee ON work_orders (assignee_staff_id, status) WHERE assignee_staff_id IS NOT NULL;

    CREATE TABLE work_order_replies (
      id bigserial PRIMARY KEY,
      order_id bigint NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      author text NOT NULL CHECK (author IN ('user', 'staff')),
      user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      staff_id bigint REFERENCES staff(id) ON DELETE SET NULL,
      content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 5000),
      attachments jsonb NOT NULL DEFAULT '[]'
        CHECK (jsonb_typeof(attachments) = 'array' AND jsonb_array_length(attachments) <= 5),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (author = 'staff' OR staff_id IS NULL)
    );
    CREATE INDEX work_order_replies_order ON work_order_replies (order_id, id);

    ALTER TABLE messages ADD COLUMN link text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE messages DROP COLUMN link;
    DROP TABLE work_order_replies, work_orders, user_files;
  `.execute(db);
}
