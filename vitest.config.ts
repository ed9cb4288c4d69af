import { defineConfig } from 'vitest/config';

// Unit tests (contract, server) and the server's integration tests against a real PostgreSQL:
// DATABASE_URL when set, else an embedded one started by the global setup.
export default defineConfig({
  test: {
    include: ['contract/src/**/*.test.ts', 'server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
