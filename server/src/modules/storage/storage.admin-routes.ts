/**
 * POST /api/admin/upload/image (multipart, field `file`): an image for the console (logos, QR codes; support staff
 * attach such images to their work-order replies).
 * The type comes from the bytes, never the name; at most 2 MiB; SVG is refused (it can carry script).
 */
import { randomUUID } from 'node:crypto';
import { API } from '@trackline/contract/paths';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import type { AuthHooks } from '../../platform/http/auth';
import { ok } from '../../platform/http/envelope';
import { firstFile } from '../../platform/http/multipart';
import { requireRole } from '../staff/staff.service';
import { classifyUpload } from './upload-rules';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export async function storageAdminRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  app.post(
    API.admin.upload,
    {
      schema: {
        tags: ['admin'],
        summary: 'Upload an image (PNG, JPEG, GIF, WebP; 2 MiB)',
        consumes: ['multipart/form-data'],
      },
      preHandler: [auth.requireStaffSession, requireRole('admin', 'content', 'support')],
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('FILE_INVALID');
      const file = await firstFile(request, { fileSize: MAX_IMAGE_BYTES });
      if (file?.fieldname !== 'file') throw new AppError('FILE_INVALID');
      const body = await file.toBuffer().catch(() => null);
      if (!body || file.file.truncated) throw new AppError('FILE_INVALID', { max_bytes: MAX_IMAGE_BYTES });
      // The same image checks as a musician's upload (sharp: header, pixel limits, decoded whole).
      const kind = await classifyUpload(body, file.filename);
      if ('refused' in kind || kind.kind !== 'image') throw new AppError('FILE_INVALID');
      const key = `images/${new Date().toISOString().slice(0, 7)}/${randomUUID()}.${kind.ext}`;
      await deps.storage.put(key, body, kind.contentType);
      return ok({ url: deps.storage.url(key), key });
    },
  );
}
