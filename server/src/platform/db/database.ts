/** The connection pool and the Kysely instance every repository takes. */
import {
  type Compilable,
  type CompiledQuery,
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  sql,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

// int8 (bigserial ids, counts) as JS numbers: our ids stay far below 2^53. Money columns are read as text.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
// date (a calendar day, e.g. a release date) as 'YYYY-MM-DD' text: a JS Date would shift it by the time zone.
pg.types.setTypeParser(1082, (v) => v);

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const MAX_PREPARED = 1000;

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it each time; for the short indexed queries
 * of a hot path that costs more than running them. This wrapper gives each distinct parameterised query text a
 * statement name, so each connection prepares it once and reuses the plan (several times the throughput of
 * GET /api/user/info, measured by bench/api). Queries without parameters (migrations, which may hold several
 * statements) stay unnamed, and so does everything past MAX_PREPARED distinct texts.
 */
function preparingPool(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameFor = (text: string): string | undefined => {
    let name = names.get(text);
    if (!name && names.size < MAX_PREPARED) {
      name = `tl_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect();
      const query = (textOrCursor: unknown, values?: ReadonlyArray<unknown>) => {
        if (typeof textOrCursor !== 'string') return client.query(textOrCursor as never); // streaming cursors
        const name = values && values.length > 0 ? nameFor(textOrCursor) : undefined;
        return client.query({ text: textOrCursor, values: values as unknown[] | undefined, ...(name ? { name } : {}) });
      };
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
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

/**
 * A query built and compiled once, then run with fresh parameter values: for hot paths, where Kysely's building
 * and compiling cost more than PostgreSQL's running (bench/api). `build` uses placeholder values; the parameters
 * passed at each call replace them in the same order.
 */
export function compiledOnce<R>(build: (db: Db) => Compilable<R>) {
  const cache = new WeakMap<Db, CompiledQuery<R>>();
  return async (db: Db, parameters: readonly unknown[]): Promise<R[]> => {
    let compiled = cache.get(db);
    if (!compiled) {
      compiled = build(db).compile();
      cache.set(db, compiled);
    }
    if (compiled.parameters.length !== parameters.length) throw new Error('compiledOnce: wrong number of parameters');
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
  };
}
