/**
 * A real S3-API server for a test file (s3rver in a temporary folder, on a free port) with one bucket, and the
 * settings that point the app's storage at it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestBucket {
  endpoint: string;
  /** S3_* settings for createTestApp. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestBucket(bucket: string): Promise<TestBucket> {
  const dir = await mkdtemp(path.join(tmpdir(), 'trackline-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await s3.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async close() {
      await s3.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
