/**
 * Upload grants (GET /api/aliyun/osssecret): permission to upload one file of a kind, of at most the size asked
 * for, labelled with one content type, under the caller's own users/<id>/<kind>/ prefix, for five minutes.
 * - S3-compatible storage: a presigned POST; the bucket enforces the policy, then POST /api/upload/confirm
 *   records the file after checking its bytes (a refused file is deleted from the bucket).
 * - Local disk: a URL of our own, PUT /api/upload/signed?…&sig=, signed with HMAC-SHA256 under a key derived from
 *   the server-wide secret (kept in the database, so every instance verifies what another signed). The server
 *   checks the bytes and records the file. A signature that does not match, an expired grant or one used before
 *   is refused (2093).
 * Each grant is single-use: its nonce (the key's UUID) is recorded when used.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { API } from '@trackline/contract/paths';
import type { OssSecretQuery, SignedUploadQuery } from '@trackline/contract/storage';
import {
  GRANT_CONTENT_TYPES,
  GRANT_KINDS,
  GRANT_MAX_BYTES,
  GRANT_TTL_SECONDS,
  type GrantKind,
  type StoredFile,
  type UploadGrant,
} from '@trackline/contract/storage-types';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/app-error';
import { hitWithin } from '../../platform/security/rate-limiter';
import { intakeLocalFile, intakeStoredObject, storageKey } from './media-intake';
import { assertWithinQuota } from './quota';
import { BodyTooLong, ensureStagingDir, receiveInto, stagingPath } from './staging';
import { userFileKeyExists } from './storage.repository';
import { claimGrantNonce } from './tus.repository';

export const GRANT_LIMITS = { perUserPerHour: 60 } as const;

export function grantMaxBytes(deps: Deps, kind: GrantKind): number {
  return kind === 'audio' || kind === 'video' ? deps.config.uploadMediaMaxBytes : GRANT_MAX_BYTES[kind];
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

const TYPE_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
};
const NAME_EXTENSIONS: Record<GrantKind, readonly string[]> = {
  cover: ['png', 'jpg'],
  lyric: ['lrc', 'txt'],
  audio: ['wav', 'flac', 'mp3'],
  video: ['mp4', 'mov'],
};

/** The stored file's extension, from the content type or (for lyrics and untyped files) the name. */
function extensionFor(kind: GrantKind, type: string, name: string): string | null {
  const byName = extensionOf(name) === 'jpeg' ? 'jpg' : extensionOf(name);
  if (kind === 'lyric') return byName === 'lrc' ? 'lrc' : 'txt';
  const ext = TYPE_EXTENSIONS[type] ?? byName;
  return NAME_EXTENSIONS[kind].includes(ext) ? ext : null;
}

/** The grant key: derived from the server secret, so it is the same on every instance and never stored. */
function grantKey(deps: Deps): Buffer {
  return createHmac('sha256', deps.secret).update('trackline upload grant v1').digest();
}

function sign(deps: Deps, g: Omit<SignedUploadQuery, 'sig'>): string {
  const text = ['v1', g.uid, g.kind, g.key, g.size, g.type, g.name, g.exp].join('\n');
  return createHmac('sha256', grantKey(deps)).update(text).digest('hex');
}

function nonceOf(key: string): string | null {
  return /\/([0-9a-f-]{36})\.[a-z0-9]+$/.exec(key)?.[1] ?? null;
}

export async function createGrant(deps: Deps, userId: number, q: OssSecretQuery): Promise<UploadGrant> {
  const kind = q.kind;
  const size = Number(q.size);
  const max = grantMaxBytes(deps, kind);
  if (size > max) throw new AppError('UPLOAD_SIZE_OVER_LIMIT', { max_bytes: max });
  const type = mediaType(q.content_type);
  const name = (q.name ?? '').slice(0, 1000);
  const ext = GRANT_CONTENT_TYPES[kind].includes(type) ? extensionFor(kind, type, name) : null;
  if (!ext) throw new AppError('UPLOAD_CONTENT_MISMATCH', { content_types: GRANT_CONTENT_TYPES[kind] });
  await assertWithinQuota(deps, userId, size, { reserve: true });
  const allowed = await hitWithin(deps.limiter, [
    { key: `grant:user:${userId}:h`, windowSec: 3600, max: GRANT_LIMITS.perUserPerHour },
  ]);
  if (!allowed) throw new AppError('RATE_LIMITED');

  const key = storageKey(userId, kind, ext, randomUUID());
  const expiresAt = new Date(Date.now() + GRANT_TTL_SECONDS * 1000);
  const common = { kind, key, content_type: type, max_bytes: size, expires_at: expiresAt.toISOString() };
  if (deps.storage.presignPost) {
    const post = deps.storage.presignPost({
      key,
      keyPrefix: `users/${userId}/${kind}/`,
      contentType: type,
      maxBytes: size,
      expiresAt,
    });
    return {
      ...common,
      method: 'POST',
      url: post.url,
      fields: post.fields,
      headers: {},
      confirm_url: API.uploadConfirm,
    };
  }
  const params = { uid: userId, kind, key, size, type, name, exp: Math.floor(expiresAt.getTime() / 1000) };
  const search = new URLSearchParams({ ...params, uid: String(userId), size: String(size), exp: String(params.exp) });
  search.set('sig', sign(deps, params));
  return {
    ...common,
    method: 'PUT',
    url: `${deps.config.publicBaseUrl ?? ''}${API.uploadSigned}?${search}`,
    fields: {},
    headers: { 'Content-Type': type },
    confirm_url: null,
  };
}

/** PUT /api/upload/signed: checks the grant, streams the body to staging (at most the granted size), intakes it. */
export async function receiveSignedUpload(
  deps: Deps,
  q: SignedUploadQuery,
  request: { contentType: string | undefined; contentLength: string | undefined; body: NodeJS.ReadableStream },
): Promise<StoredFile> {
  const { sig, ...granted } = q;
  const expected = Buffer.from(sign(deps, granted), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) throw new AppError('UPLOAD_GRANT_INVALID');
  if (granted.exp * 1000 < Date.now()) throw new AppError('UPLOAD_GRANT_INVALID');
  if (mediaType(request.contentType) !== granted.type) throw new AppError('UPLOAD_CONTENT_MISMATCH');
  if (request.contentLength !== undefined && Number(request.contentLength) > granted.size)
    throw new AppError('UPLOAD_SIZE_OVER_LIMIT', { max_bytes: granted.size });
  const nonce = nonceOf(granted.key);
  if (!nonce || !(await claimGrantNonce(deps.database.db, nonce, granted.uid)))
    throw new AppError('UPLOAD_GRANT_INVALID');

  await ensureStagingDir(deps);
  const file = stagingPath(deps, `grant-${nonce}`);
  try {
    const received = await receiveInto(file, request.body, { start: 0, max: granted.size });
    if (received.error instanceof BodyTooLong)
      throw new AppError('UPLOAD_SIZE_OVER_LIMIT', { max_bytes: granted.size });
    if (received.error) throw received.error;
    if (received.written === 0) throw new AppError('UPLOAD_EMPTY');
    return await intakeLocalFile(deps, {
      userId: granted.uid,
      kind: granted.kind,
      filePath: file,
      size: received.written,
      name: granted.name,
      key: granted.key,
    });
  } finally {
    await rm(file, { force: true });
  }
}

const GRANTED_KEY = /^users\/(\d+)\/(cover|lyric|audio|video)\/\d{4}-\d{2}\/[0-9a-f-]{36}\.[a-z0-9]+$/;

/** POST /api/upload/confirm: records a file the browser posted to the bucket with a grant, after checking it. */
export async function confirmUpload(
  deps: Deps,
  userId: number,
  body: { key: string; name?: string },
): Promise<StoredFile> {
  const m = GRANTED_KEY.exec(body.key);
  // Another user's key looks the same as one that does not exist.
  if (!m || Number(m[1]) !== userId) throw new AppError('NOT_FOUND');
  const kind = m[2] as GrantKind;
  if (!GRANT_KINDS.includes(kind)) throw new AppError('NOT_FOUND');
  if (await userFileKeyExists(deps.database.db, body.key)) throw new AppError('UPLOAD_GRANT_INVALID');
  const stored = await deps.storage.stat(body.key);
  if (!stored) throw new AppError('NOT_FOUND');
  const max = grantMaxBytes(deps, kind);
  if (stored.size > max || stored.size === 0) {
    await deps.storage.remove(body.key).catch(() => undefined);
    throw new AppError(stored.size === 0 ? 'UPLOAD_EMPTY' : 'UPLOAD_SIZE_OVER_LIMIT', { max_bytes: max });
  }
  if (!(await claimGrantNonce(deps.database.db, nonceOf(body.key)!, userId)))
    throw new AppError('UPLOAD_GRANT_INVALID');
  return intakeStoredObject(deps, { userId, kind, key: body.key, size: stored.size, name: body.name ?? '' });
}
