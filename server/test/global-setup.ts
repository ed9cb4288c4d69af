/**
 * Once per test run: a PostgreSQL server (DATABASE_URL, else an embedded one in a temporary folder) and a template
 * database migrated to the latest schema (graphile-worker's included). Each test file clones the template into a database of its own.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../src/platform/db/database';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/platform/db/embedded';
import { migrateToLatest } from '../src/platform/db/migrator';
import { installJobSchema } from '../src/platform/jobs/schema';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
    runId: string;
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dir = await mkdtemp(path.join(tmpdir(), 'trackline-test-'));
    embedded = await startEmbeddedPostgres(dir, () => undefined);
    adminUrl = embedded.url;
  }
  const runId = randomBytes(4).toString('hex');
  const templateDb = `tl_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateDb}`);
  const tpl = connectDatabase(withDatabase(adminUrl, templateDb), 1, () => undefined);
  await migrateToLatest(tpl.db as never);
  await tpl.close();
  // graphile-worker's schema too, so each cloned database can enqueue and run jobs at once.
  await installJobSchema(withDatabase(adminUrl, templateDb), 'silent');

  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);
  project.provide('runId', runId);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `tl_%${runId}%`,
    ]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}
