/**
 * Users' files: the musician's small-file upload (work-order attachments today; the storage quota and audio files
 * of a later issue build on the same user_files rows) and the ownership check other modules rely on.
 */
import { randomUUID } from 'node:crypto';
import type { UploadData } from '@trackline/contract/workorder-types';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { hitWithin } from '../../platform/security/rate-limiter';
import { sniffImage } from '../../platform/storage/storage';
import { privateFileUrl } from './file-access';
import { assertWithinQuota } from './quota';
import { findUserFilesByKeys, insertUserFile } from './storage.repository';
import { classifyUpload, sanitizeFileName } from './upload-rules';

export const UPLOAD_LIMITS = { perUserPerHour: 30, perUserPerDay: 200 } as const;

/** Counts one upload against the user's limits before the body is read; refuses (429 / 2030) when over. */
export async function admitUpload(deps: Deps, userId: number): Promise<void> {
  const allowed = await hitWithin(deps.limiter, [
    { key: `upload:user:${userId}:h`, windowSec: 3600, max: UPLOAD_LIMITS.perUserPerHour },
    { key: `upload:user:${userId}:d`, windowSec: 86_400, max: UPLOAD_LIMITS.perUserPerDay },
  ]);
  if (!allowed) throw new AppError('RATE_LIMITED');
}

/** Checks the bytes, stores them under the user's own prefix and records the file. */
export async function storeUserUpload(
  deps: Deps,
  userId: number,
  file: { body: Buffer; filename: string | undefined },
): Promise<UploadData> {
  const cls = await classifyUpload(file.body, file.filename ?? '');
  if ('refused' in cls) throw new AppError(cls.refused);
  await assertWithinQuota(deps, userId, file.body.length);
  const name = sanitizeFileName(file.filename, cls.ext);
  const key = `users/${userId}/uploads/${new Date().toISOString().slice(0, 7)}/${randomUUID()}.${cls.ext}`;
  await deps.storage.put(key, file.body, cls.contentType);
  try {
    await insertUserFile(deps.database.db, {
      user_id: userId,
      key,
      kind: cls.kind,
      content_type: cls.contentType,
      size_bytes: file.body.length,
      original_name: name,
    });
  } catch (err) {
    // No row, no file: an unrecorded file would escape the quota and never be cleaned up.
    await deps.storage.remove(key).catch(() => undefined);
    throw err;
  }
  return {
    // The uploader's own file, private until it becomes a cover: a link that expires.
    url: await privateFileUrl(deps, key),
    key,
    name,
    size: file.body.length,
    content_type: cls.contentType,
    kind: cls.kind,
  };
}

export interface OwnedFile {
  key: string;
  url: string;
  name: string;
  size: number;
  content_type: string;
}

/**
 * The user's own files among `keys` (duplicates dropped, in the order asked), and the keys that are not theirs:
 * unknown, or another user's, which look the same from here.
 */
export async function ownedFiles(
  deps: Deps,
  userId: number,
  keys: readonly string[],
): Promise<{ files: OwnedFile[]; missing: string[] }> {
  const unique = [...new Set(keys)];
  const rows = await findUserFilesByKeys(deps.database.db, userId, unique);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const files: OwnedFile[] = [];
  const missing: string[] = [];
  for (const key of unique) {
    const row = byKey.get(key);
    if (!row) missing.push(key);
    else
      files.push({
        key,
        url: deps.storage.url(key),
        name: row.original_name,
        size: Number(row.size_bytes),
        content_type: row.content_type,
      });
  }
  return { files, missing };
}

const CONSOLE_IMAGE_KEY = /^images\/\d{4}-\d{2}\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

/**
 * Images the console uploaded (POST /api/admin/upload/image keeps no rows, so the store itself is asked): keys of
 * that shape that exist, and the keys that do not.
 */
export async function consoleImages(
  deps: Deps,
  keys: readonly string[],
): Promise<{ files: OwnedFile[]; missing: string[] }> {
  const files: OwnedFile[] = [];
  const missing: string[] = [];
  for (const key of new Set(keys)) {
    const body = CONSOLE_IMAGE_KEY.test(key) ? await deps.storage.get(key) : null;
    const image = body ? sniffImage(body) : null;
    if (!body || !image) missing.push(key);
    else
      files.push({
        key,
        url: deps.storage.url(key),
        name: key.slice(key.lastIndexOf('/') + 1),
        size: body.length,
        content_type: image.type,
      });
  }
  return { files, missing };
}
