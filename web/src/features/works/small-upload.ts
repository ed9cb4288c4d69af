/**
 * Covers and lyric files go through POST /api/common/upload (small files, checked by their bytes on the server);
 * audio and video take the resumable path instead (ResumableUploadField).
 */
import { API } from '@trackline/contract/paths';
import type { UploadData } from '@trackline/contract/workorder-types';
import { apiUploadWithProgress } from '../../api/client';

export async function uploadSmallFile(file: File, onProgress: (percent: number) => void): Promise<UploadData> {
  const form = new FormData();
  form.append('file', file);
  return (await apiUploadWithProgress<UploadData>(API.commonUpload, form, onProgress, { silent: true })).data;
}

/** The pixel size of an image file as the browser decodes it, or null when it cannot. */
export async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}
