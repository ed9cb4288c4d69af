/**
 * Who may read a stored file by URL: the one rule for every user file, today's (audio, video, lyrics, signed
 * letters, work-order attachments) and later ones (identity documents, statements).
 *
 * - Files outside users/ (site images, logos, the console's images, the demo's files) are public.
 * - A user file (users/<id>/...) is private unless its user_files row says 'public' (a work's cover, once
 *   attached). Files under users/ without a row (letters, signatures) are private.
 * - A private file is read only through privateFileUrl: a link that expires (FILE_URL_TTL_SECONDS), minted by a
 *   call that checked the caller first — the owner, or staff whose role needs it (editors for works' files,
 *   support for work-order attachments). /files/<key> without a valid link answers 404, a wrong or expired link 403,
 *   neither with any of the file.
 */
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { checkFileQuery, fileSigningKey } from '../../platform/storage/file-signature';
import { safeKey } from '../../platform/storage/storage';

/** A key that belongs to a user's own files, however it is spelled (users//1, ./users/1). */
export function isUserFileKey(key: string): boolean {
  return path.posix.normalize(key).replace(/^\/+/, '').startsWith('users/');
}

/**
 * A link to a private file that works for ttlSeconds. Expiries are rounded up to the minute, so a page loaded
 * twice within it gets the same link and the browser's cache serves the second.
 */
export function privateFileUrl(deps: Deps, key: string, ttlSeconds = deps.config.fileUrlTtlSeconds): Promise<string> {
  const expiresAt = new Date(Math.ceil((Date.now() + ttlSeconds * 1000) / 60_000) * 60_000);
  return deps.storage.signedUrl(key, expiresAt);
}

/** The URL to show a caller already allowed to read the file: signed for a user's file, plain for public ones. */
export function readableFileUrl(deps: Deps, key: string): Promise<string> {
  return isUserFileKey(key) ? privateFileUrl(deps, key) : Promise.resolve(deps.storage.url(key));
}

/** Records that a user's file may be read by anyone (a work's cover). */
export async function markFilePublic(db: Db, fileId: number): Promise<void> {
  await db.updateTable('user_files').set({ visibility: 'public' }).where('id', '=', fileId).execute();
}

async function isPublicUserFile(db: Db, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_files')
    .select('id')
    .where('key', '=', key)
    .where('visibility', '=', 'public')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The check in front of /files/<key>, as hooks of that route itself (so no spelling of the path gets around it):
 * public files pass; a private one needs a valid, unexpired link, and is then kept out of shared caches.
 */
export function fileAccessHooks(deps: Deps) {
  // Only the local store's links come back here; S3's presigned GETs go to the bucket.
  const signingKey = fileSigningKey(deps.secret);
  const privateReads = new WeakSet<FastifyRequest>();
  const onRequest = async (request: FastifyRequest): Promise<void> => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    try {
      safeKey(key);
    } catch {
      throw new AppError('NOT_FOUND');
    }
    if (!isUserFileKey(key)) return;
    const query = request.query as { exp?: unknown; sig?: unknown };
    if (query.exp === undefined && query.sig === undefined) {
      if (await isPublicUserFile(deps.database.db, key)) return;
      // Without a link a private file looks the same as none.
      throw new AppError('NOT_FOUND');
    }
    const check = checkFileQuery(signingKey, key, query);
    if (check !== 'valid') throw new AppError('FILE_LINK_INVALID');
    privateReads.add(request);
  };
  // After the file is sent on its way (the static server sets a public day-long cache): a private file is cached by
  // the reader's browser only, briefly, and its link is never passed on as a Referer.
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (privateReads.has(request)) {
      reply.header('cache-control', 'private, max-age=300');
      reply.header('referrer-policy', 'no-referrer');
    }
    return payload;
  };
  return { onRequest, onSend };
}
