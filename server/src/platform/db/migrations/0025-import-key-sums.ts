/**
 * Import speed (issue 11): `royalty_sumn(numeric)`, a sum of numerics kept in a numeric. The built-in sum(numeric)
 * sets up an accumulator per group; the report's keys are summed from groups that are, most of them, one group
 * per key (a code sold once in one month and territory), where this sum takes the first value as it is and adds
 * only when there is a second. Same result as sum(): NULLs skipped, NULL when there is no value, the largest
 * scale of the values.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE AGGREGATE royalty_sumn(numeric) (SFUNC = numeric_add, STYPE = numeric, COMBINEFUNC = numeric_add,
                                            PARALLEL = SAFE);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP AGGREGATE royalty_sumn(numeric)`.execute(db);
}
