/**
 * PUT /api/upload/signed?uid&kind&key&size&type&name&exp&sig: the local-disk form of an upload grant (see
 * upload-grants.ts). The signature is the authority, not a session: like a presigned bucket URL it works from any
 * HTTP client until it expires or is used. The body is the file's bytes, with the granted Content-Type.
 * Answers the stored file ({ key, url, name, size, content_type, kind, sha256, meta }).
 */
import { API } from '@trackline/contract/paths';
import { signedUploadQuery } from '@trackline/contract/storage';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import { ok } from '../../platform/http/envelope';
import { rawBodyScope } from './raw-body';
import { receiveSignedUpload } from './upload-grants';

export async function uploadGrantRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await rawBodyScope(app, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().put(
      API.uploadSigned,
      {
        schema: {
          tags: ['storage'],
          summary: 'Upload one file with a signed URL from /api/aliyun/osssecret (local storage)',
          querystring: signedUploadQuery,
        },
      },
      async (request) =>
        ok(
          await receiveSignedUpload(deps, request.query, {
            contentType: request.headers['content-type'],
            contentLength: request.headers['content-length'],
            body: request.raw,
          }),
        ),
    );
  });
}
