/**
 * A throwaway database for the benches that generate data (import, bills): created on the PostgreSQL server of
 * DATABASE_URL, migrated by the server's own start-up (createDeps), and dropped with its data folder afterwards,
 * whatever happens in between.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/src/config';
import { closeDeps, createDeps } from '../../server/src/platform/boot';
import type { Deps } from '../../server/src/platform/deps';

export interface Scratch {
  deps: Deps;
  /** A plain client on the scratch database, for generating data and reading results. */
  db: pg.Client;
  /** The scratch DATA_DIR (files, staging), removed at the end. */
  dir: string;
}

export async function withScratchDatabase(name: string, run: (scratch: Scratch) => Promise<void>): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error(`bench/${name} needs DATABASE_URL (a PostgreSQL server it may create a database on)`);
  const dbName = `tl_bench_${name}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const dir = await mkdtemp(path.join(tmpdir(), `trackline-bench-${name}-`));
  try {
    const config = loadConfig({
      DATA_DIR: dir,
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: 'BenchAdmin2026',
      SEED_DEMO: 'false',
    });
    const deps = await createDeps(config, url.toString());
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    db.on('error', () => {});
    await run({ deps, db, dir });
    await db.end();
    await closeDeps(deps);
  } finally {
    await rm(dir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}
