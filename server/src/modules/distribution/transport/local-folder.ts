/**
 * A store that collects deliveries by other means (a shared disk, a sync client, a courier of its own): batches are
 * written into a folder on this machine with the same choreography as SFTP, and acknowledgements, if the store
 * writes any, are read from its acknowledgement folder there.
 */
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileTarget } from './adapter';

export function localFolderTarget(rootDir: string): FileTarget {
  const full = (p: string) => {
    const resolved = path.resolve(rootDir, p);
    if (resolved !== path.resolve(rootDir) && !resolved.startsWith(`${path.resolve(rootDir)}${path.sep}`))
      throw new Error(`path outside the store folder: ${p}`);
    return resolved;
  };
  return {
    mkdirp: async (dir) => {
      const existed = await stat(full(dir)).catch(() => null);
      await mkdir(full(dir), { recursive: true });
      return !existed;
    },
    size: async (p) => {
      const s = await stat(full(p)).catch(() => null);
      return s?.isFile() ? s.size : null;
    },
    put: async (source, p) => {
      if (source.localPath) await copyFile(source.localPath, full(p));
      else await pipeline(await source.open(), createWriteStream(full(p)));
    },
    putText: (text, p) => writeFile(full(p), text, 'utf8'),
    rename: (from, to) => rename(full(from), full(to)),
    remove: (p) => rm(full(p), { force: true }),
    list: async (dir) => {
      const entries = await readdir(full(dir), { withFileTypes: true }).catch(() => []);
      return entries.filter((e) => e.isFile()).map((e) => e.name);
    },
    sizes: async (dir) => {
      const entries = await readdir(full(dir), { withFileTypes: true }).catch(() => []);
      const out = new Map<string, number>();
      for (const e of entries.filter((x) => x.isFile())) out.set(e.name, (await stat(full(`${dir}/${e.name}`))).size);
      return out;
    },
    readText: (p) => readFile(full(p), 'utf8'),
    close: async () => undefined,
  };
}
