/** The connection pool and the Kysely instance every repository takes. */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

// int8 (bigserial ids, counts) as JS numbers: our ids stay far below 2^53. Money columns are read as text.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function connectDatabase(url: string, max: number, onPoolError: (err: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server (database restart, outage) must not crash the process;
  // the pool drops it and the next query opens a fresh connection.
  pool.on('error', onPoolError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

/**
 * A socket to the database reset while no query was listening surfaces as an uncaught 'error' event
 * (seen when connections are refused and terminated during an outage). That is an outage, not a bug:
 * log it and keep serving 503s until the database returns. Anything else still ends the process.
 */
export function installConnectionErrorGuard(log: (msg: string) => void): void {
  process.on('uncaughtException', (err: NodeJS.ErrnoException) => {
    if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || /Connection terminated/i.test(err.message)) {
      log(`database connection error ignored: ${err.message}`);
      return;
    }
    process.stderr.write(`uncaught exception: ${err.stack ?? err.message}\n`);
    process.exit(1);
  });
}
