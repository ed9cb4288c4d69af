/**
 * POST /api/common/upload (spec §7; multipart, the file in field `file`; logged in): a musician's small file —
 * an image, a PDF or UTF-8 text up to 10 MiB (upload-rules.ts) — stored under users/<id>/uploads/ and recorded in
 * user_files. Answers { url, key } (and the sanitized name, size, type and kind) for attaching it elsewhere.
 *
 * Also (works issue, logged in): GET /api/userstorage/userdata (quota), GET /api/aliyun/osssecret (upload grants),
 * POST /api/upload/confirm (a bucket upload made with a grant), GET /api/upload/file?id= (how a resumable upload
 * ended); the resumable uploads themselves are tus.routes.ts, the signed PUT upload-grants.routes.ts.
 */
import { API } from '@trackline/contract/paths';
import { ossSecretQuery, uploadConfirmBody, uploadFileQuery } from '@trackline/contract/storage';
import { UPLOAD_MAX_BYTES } from '@trackline/contract/workorder-types';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import type { AuthHooks } from '../../platform/http/auth';
import { langOf, ok } from '../../platform/http/envelope';
import { firstFile } from '../../platform/http/multipart';
import { storageUsage } from './quota';
import { admitUpload, storeUserUpload } from './storage.service';
import { tusRoutes } from './tus.routes';
import { uploadState } from './tus.service';
import { confirmUpload, createGrant } from './upload-grants';
import { uploadGrantRoutes } from './upload-grants.routes';

export async function storageRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  app.post(
    API.commonUpload,
    {
      schema: {
        tags: ['storage'],
        summary: 'Upload a small file (PNG, JPEG, GIF, WebP, PDF, UTF-8 TXT/LRC; 10 MiB)',
        consumes: ['multipart/form-data'],
        security: [{ token: [] }],
      },
      preHandler: auth.requireUser,
    },
    async (request) => {
      const userId = request.user!.subjectId;
      if (!request.isMultipart()) throw new AppError('UPLOAD_MISSING');
      await admitUpload(deps, userId);
      // The app-wide multipart limit is 2 MiB (the console's images); this call takes up to 10 MiB.
      const file = await firstFile(request, { fileSize: UPLOAD_MAX_BYTES });
      if (file?.fieldname !== 'file') throw new AppError('UPLOAD_MISSING');
      let body: Buffer;
      try {
        body = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || file.file.truncated)
          throw new AppError('UPLOAD_TOO_LARGE', { max_bytes: UPLOAD_MAX_BYTES });
        throw err;
      }
      if (file.file.truncated) throw new AppError('UPLOAD_TOO_LARGE', { max_bytes: UPLOAD_MAX_BYTES });
      return ok(await storeUserUpload(deps, userId, { body, filename: file.filename }));
    },
  );

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['storage'];
  const security = [{ token: [] }];
  r.get(
    API.userStorage,
    { schema: { tags, security, summary: 'Storage used and quota' }, preHandler: auth.requireUser },
    async (request) => ok(await storageUsage(deps, request.user!.subjectId)),
  );
  r.get(
    API.ossSecret,
    {
      schema: { tags, security, summary: 'A 5-minute grant to upload one file', querystring: ossSecretQuery },
      preHandler: auth.requireUser,
    },
    async (request) => ok(await createGrant(deps, request.user!.subjectId, request.query)),
  );
  r.post(
    API.uploadConfirm,
    {
      schema: { tags, security, summary: 'Record a file uploaded to the bucket with a grant', body: uploadConfirmBody },
      preHandler: auth.requireUser,
    },
    async (request) => ok(await confirmUpload(deps, request.user!.subjectId, request.body)),
  );
  r.get(
    API.uploadFile,
    {
      schema: { tags, security, summary: 'How a resumable upload stands or ended', querystring: uploadFileQuery },
      preHandler: auth.requireUser,
    },
    async (request) => ok(await uploadState(deps, request.user!.subjectId, request.query.id, langOf(request))),
  );

  await tusRoutes(app, deps, auth);
  await uploadGrantRoutes(app, deps);
  // Stale resumable uploads are swept by a background job every hour (storage.tasks.ts).
}
