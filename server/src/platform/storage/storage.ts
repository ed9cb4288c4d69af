/**
 * Files behind one interface. Local disk under <DATA_DIR>/files is the default; keys are relative paths
 * ("agent/3/logo-<uuid>.png") and are served read-only at /files/<key>.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** The URL a browser uses to read the file. */
  url(key: string): string;
}

export function safeKey(key: string): string {
  if (!/^[a-zA-Z0-9][a-zA-Z0-9/_.-]{0,300}$/.test(key) || key.includes('..'))
    throw new Error(`unsafe storage key: ${key}`);
  return key;
}

export function localDiskStorage(root: string, publicPrefix: string): Storage {
  const full = (key: string) => path.join(root, safeKey(key));
  return {
    async put(key, body) {
      await mkdir(path.dirname(full(key)), { recursive: true });
      await writeFile(full(key), body);
    },
    async get(key) {
      return readFile(full(key)).catch(() => null);
    },
    async remove(key) {
      await rm(full(key), { force: true });
    },
    url: (key) => `${publicPrefix}${safeKey(key)}`,
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
