/**
 * Files behind one interface. Local disk under <DATA_DIR>/files is the default; keys are relative paths
 * ("agent/3/logo-<uuid>.png") and are served read-only at /files/<key>. Users' files (keys under users/) are
 * private unless recorded public (modules/storage/file-access.ts): they are read through signedUrl links.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { signFileQuery } from './file-signature';

/** A browser form upload straight to the store (S3 POST policy): where to send it and the fields to send first. */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Takes over a local file, never holding it in memory: local disk renames it into place (copies when it is on
   * another file system), S3 streams it up in parts. The file at filePath is gone afterwards.
   */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** The stored file's size, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /** The file's bytes as a stream (from start to end, both inclusive, when given), or null when there is none. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  remove(key: string): Promise<void>;
  /** The URL a browser uses to read a public file. */
  url(key: string): string;
  /**
   * A link that reads the file until expiresAt and no longer: an S3 presigned GET, or on local disk
   * /files/<key>?exp&sig (file-signature.ts). Mint it only for a caller whose right to read the file was checked.
   */
  signedUrl(key: string, expiresAt: Date): Promise<string>;
  /**
   * S3 only: a form upload the browser sends to the bucket itself, limited by a signed policy to keys starting with
   * keyPrefix, this content type and at most maxBytes, until expiresAt. Local disk has none: the server takes such
   * uploads itself (modules/storage/upload-grants.ts).
   */
  presignPost?(input: {
    key: string;
    keyPrefix: string;
    contentType: string;
    maxBytes: number;
    expiresAt: Date;
  }): PresignedPost;
}

export function safeKey(key: string): string {
  if (!/^[a-zA-Z0-9][a-zA-Z0-9/_.-]{0,300}$/.test(key) || key.includes('..'))
    throw new Error(`unsafe storage key: ${key}`);
  return key;
}

/** signingKey: fileSigningKey(server secret), the key of the private-file links this store mints. */
export function localDiskStorage(root: string, publicPrefix: string, signingKey: Buffer): Storage {
  const full = (key: string) => path.join(root, safeKey(key));
  return {
    async put(key, body) {
      await mkdir(path.dirname(full(key)), { recursive: true });
      await writeFile(full(key), body);
    },
    async putFile(key, filePath) {
      const target = full(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(filePath, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        // Another file system: the kernel copies (copy_file_range), still without passing through our memory.
        await copyFile(filePath, target);
        await rm(filePath, { force: true });
      }
    },
    async get(key) {
      return readFile(full(key)).catch(() => null);
    },
    async stat(key) {
      const s = await stat(full(key)).catch(() => null);
      return s?.isFile() ? { size: s.size } : null;
    },
    async read(key, range) {
      const file = full(key);
      const s = await stat(file).catch(() => null);
      if (!s?.isFile()) return null;
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await rm(full(key), { force: true });
    },
    url: (key) => `${publicPrefix}${safeKey(key)}`,
    signedUrl: async (key, expiresAt) => `${publicPrefix}${safeKey(key)}?${signFileQuery(signingKey, key, expiresAt)}`,
  };
}

/** What an image really is, from its first bytes: never trust the name or the declared type. */
export function sniffImage(buf: Buffer): { ext: 'png' | 'jpg' | 'gif' | 'webp'; type: string } | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { ext: 'png', type: 'image/png' };
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff)
    return { ext: 'jpg', type: 'image/jpeg' };
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1')))
    return { ext: 'gif', type: 'image/gif' };
  if (
    buf.length >= 12 &&
    buf.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buf.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return { ext: 'webp', type: 'image/webp' };
  return null;
}
