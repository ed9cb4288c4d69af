/**
 * Resumable uploads (tus 1.0.0: core, creation, termination) at /api/upload/tus for logged-in musicians:
 * - OPTIONS /api/upload/tus → 204, Tus-Version, Tus-Extension, Tus-Max-Size;
 * - POST /api/upload/tus, Upload-Length, Upload-Metadata `kind` (audio|video) and `filename` → 201, Location
 *   /api/upload/tus/<id> (the envelope's data has the id too);
 * - HEAD /api/upload/tus/<id> → Upload-Offset, Upload-Length (404 for an unknown or another user's upload);
 * - PATCH /api/upload/tus/<id>, Content-Type application/offset+octet-stream, Upload-Offset → 204, Upload-Offset.
 *   The PATCH that brings the last byte stores the file: 204 with Upload-File-Key when stored, 422 with the
 *   envelope (code 2091, the rules in data.issues) when it is not audio/video;
 * - DELETE /api/upload/tus/<id> → 204.
 * Every answer carries Tus-Resumable: 1.0.0; refusals are envelopes with an HTTP status tus clients act on.
 */
import { API } from '@trackline/contract/paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import type { AuthHooks } from '../../platform/http/auth';
import { failure, langOf, ok } from '../../platform/http/envelope';
import { rawBodyScope } from './raw-body';
import {
  appendToUpload,
  createUpload,
  TUS_EXTENSIONS,
  TUS_VERSION,
  terminateUpload,
  uploadOffset,
} from './tus.service';

const ONE = `${API.uploadTus}/:id`;
const tags = ['storage'];
const security = [{ token: [] }];

function nonNegativeInt(value: unknown): number | null {
  return typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : null;
}

/** tus requests name the protocol version they speak (OPTIONS excepted). */
async function requireTusVersion(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.headers['tus-resumable'] !== TUS_VERSION) {
    reply.header('tus-version', TUS_VERSION);
    throw new AppError('UPLOAD_TUS_VERSION');
  }
}

export async function tusRoutes(app: FastifyInstance, deps: Deps, auth: AuthHooks): Promise<void> {
  await rawBodyScope(app, (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('tus-resumable', TUS_VERSION);
      return payload;
    });
    const guarded = { onRequest: requireTusVersion, preHandler: auth.requireUser };

    const options = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .status(204)
        .header('tus-version', TUS_VERSION)
        .header('tus-extension', TUS_EXTENSIONS)
        .header('tus-max-size', String(deps.config.uploadMediaMaxBytes))
        .send();
    scope.options(API.uploadTus, { schema: { tags, summary: 'tus capabilities' } }, options);
    scope.options(ONE, { schema: { hide: true } }, options);

    scope.post(
      API.uploadTus,
      { schema: { tags, security, summary: 'Create a resumable upload (tus creation)' }, ...guarded },
      async (request, reply) => {
        const length = nonNegativeInt(request.headers['upload-length']);
        if (length === null || length === 0) throw new AppError('VALIDATION', { fields: ['Upload-Length'] });
        const metadata = request.headers['upload-metadata'];
        const id = await createUpload(deps, request.user!.subjectId, {
          length,
          metadata: typeof metadata === 'string' ? metadata : undefined,
        });
        const location = `${API.uploadTus}/${id}`;
        return reply.status(201).header('location', location).header('upload-offset', '0').send(ok({ id, location }));
      },
    );

    scope.route({
      method: 'HEAD',
      url: ONE,
      schema: { tags, security, summary: 'Where a resumable upload stands (Upload-Offset)' },
      ...guarded,
      handler: async (request, reply) => {
        const { id } = request.params as { id: string };
        const row = await uploadOffset(deps, request.user!.subjectId, id);
        if (row.metadata) reply.header('upload-metadata', row.metadata);
        return reply
          .status(200)
          .header('cache-control', 'no-store')
          .header('upload-offset', String(row.received_bytes))
          .header('upload-length', String(row.length_bytes))
          .send();
      },
    });

    scope.patch(
      ONE,
      {
        schema: {
          tags,
          security,
          summary: 'Append to a resumable upload (application/offset+octet-stream)',
          consumes: ['application/offset+octet-stream'],
        },
        ...guarded,
      },
      async (request, reply) => {
        const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (type !== 'application/offset+octet-stream')
          return reply
            .status(415)
            .header('connection', 'close')
            .send(failure('MALFORMED', langOf(request)));
        const offset = nonNegativeInt(request.headers['upload-offset']);
        if (offset === null) throw new AppError('VALIDATION', { fields: ['Upload-Offset'] });
        const { id } = request.params as { id: string };
        const declared = nonNegativeInt(request.headers['content-length']) ?? undefined;
        const result = await appendToUpload(deps, request.user!.subjectId, id, offset, request.raw, declared);
        if (result.file) reply.header('upload-file-key', result.file.key);
        return reply.status(204).header('upload-offset', String(result.offset)).send();
      },
    );

    scope.delete(
      ONE,
      { schema: { tags, security, summary: 'Cancel a resumable upload (tus termination)' }, ...guarded },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        await terminateUpload(deps, request.user!.subjectId, id);
        return reply.status(204).send();
      },
    );
  });
}
