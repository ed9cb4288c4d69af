/**
 * Import speed (issue 11): `royalty_sum8(bigint)`, a sum of bigints kept in a bigint. The built-in sum(bigint)
 * keeps a 128-bit state allocated per group; grouping a report sums quantities over a million lines into 100,000
 * groups or more, and a state held by value costs a fraction of that. A sum past 2⁶³ − 1 raises "bigint out of
 * range" (the import fails and says so) instead of being widened: no store reports nine quintillion plays.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE AGGREGATE royalty_sum8(bigint) (SFUNC = int8pl, STYPE = bigint, COMBINEFUNC = int8pl, PARALLEL = SAFE);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP AGGREGATE royalty_sum8(bigint)`.execute(db);
}
