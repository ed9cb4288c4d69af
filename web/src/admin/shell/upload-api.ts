/** Image upload for site logos and QR codes: PNG, JPEG, GIF or WebP up to 2 MiB (SVG is refused). */
import { API } from '@trackline/contract/paths';
import { apiUpload } from '../../api/client';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export function isAllowedImageType(type: string): boolean {
  return (IMAGE_TYPES as readonly string[]).includes(type);
}

export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const answer = await apiUpload<{ url: string; key: string }>(API.admin.upload, form);
  return answer.data.url;
}
