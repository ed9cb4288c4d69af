/**
 * The covers module's background tasks (listed in src/tasks.ts). `covers:fingerprint`: a cover a work takes through
 * step 1 or add-material (works.service.ts enqueues it in the same transaction) gets its dHash, so the cover maker's
 * near-copy check knows every release's cover, not only the ones it made. Imports nothing of the works module, so
 * works can import this file. Repeating it is harmless (one row per file).
 */
import { z } from 'zod';
import { defineTask } from '../../platform/jobs/task';
import { dHash } from './checks';
import { upsertFingerprint } from './covers.repository';

export const fingerprintCoverTask = defineTask({
  name: 'covers:fingerprint',
  payload: z.object({
    file_id: z.number().int().positive(),
    user_id: z.number().int().positive(),
    work_id: z.number().int().positive(),
    key: z.string().min(1),
  }),
  maxAttempts: 5,
  async run(p, { deps, log }) {
    const body = await deps.storage.get(p.key);
    if (!body) {
      log.info('cover gone before its fingerprint', { file_id: p.file_id });
      return;
    }
    const hash = await dHash(body);
    await upsertFingerprint(deps.database.db, { fileId: p.file_id, userId: p.user_id, workId: p.work_id, dhash: hash });
  },
});

export const coversTasks = [fingerprintCoverTask];
