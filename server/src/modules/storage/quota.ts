/**
 * Each user's storage quota (USER_STORAGE_QUOTA_BYTES): every file in user_files counts, and unfinished resumable
 * uploads reserve what they announced. Checked before a body is read where the size is known (an upload's
 * announced length, a grant's size) and again when the file is stored. Two uploads finishing at the same moment
 * may both pass the final check: the quota is a fair-use limit, not an accounting boundary.
 */
import type { StorageUsage } from '@trackline/contract/storage-types';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { userFileTotals } from './storage.repository';
import { reservedUploadBytes } from './tus.repository';

export async function storageUsage(deps: Deps, userId: number): Promise<StorageUsage> {
  const totals = await userFileTotals(deps.database.db, userId);
  return { used_bytes: totals.bytes, quota_bytes: deps.config.userStorageQuotaBytes, file_count: totals.files };
}

/**
 * Refuses (2090) when `addBytes` more would not fit. `reserve` counts the user's unfinished resumable uploads too
 * (but the one named `exceptUpload`, when it is the one being checked).
 */
export async function assertWithinQuota(
  deps: Deps,
  userId: number,
  addBytes: number,
  options: { reserve?: boolean; exceptUpload?: string } = {},
): Promise<void> {
  const { bytes } = await userFileTotals(deps.database.db, userId);
  const reserved = options.reserve ? await reservedUploadBytes(deps.database.db, userId, options.exceptUpload) : 0;
  const quota = deps.config.userStorageQuotaBytes;
  if (bytes + reserved + addBytes > quota)
    throw new AppError('STORAGE_QUOTA_EXCEEDED', {
      used_bytes: bytes,
      reserved_bytes: reserved,
      quota_bytes: quota,
      needed_bytes: addBytes,
    });
}
