/**
 * The only code touching messages and message_reads. A message reaches one user, one agent's users or everyone;
 * broadcasts are one row, and a user's read state is a row in message_reads.
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('messages as m')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) =>
      eb.or([
        eb.and([eb('m.audience', '=', 'user'), eb('m.user_id', '=', userId)]),
        eb('m.audience', '=', 'all'),
        eb.and([
          eb('m.audience', '=', 'agent'),
          eb('m.agent_id', '=', eb.selectFrom('users').select('agent_id').where('id', '=', userId)),
        ]),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('message_reads as r')
            .select(sql`1`.as('one'))
            .whereRef('r.message_id', '=', 'm.id')
            .where('r.user_id', '=', userId),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertMessage(
  db: Db,
  values: {
    audience: 'user' | 'agent' | 'all';
    user_id?: number;
    agent_id?: number;
    kind?: string;
    title: string;
    content: string;
  },
): Promise<number> {
  const row = await db.insertInto('messages').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
