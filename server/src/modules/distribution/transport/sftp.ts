/**
 * An SFTP account at a store, through `ssh2` (pure JavaScript). One connection per use: connected on the first
 * operation, closed by close(). Files with a local path go up with fastPut (parallel writes, the fastest way ssh2
 * has); others are streamed. Renames use OpenSSH's posix-rename extension when the server offers it.
 *
 * The store's host key is pinned by its SHA-256 fingerprint (base64, as `ssh-keygen -l` prints it without the
 * "SHA256:" prefix) when one is configured; a key that differs refuses the connection. Passwords and private keys come
 * from the DELIVERY_CREDENTIALS setting and are never logged.
 */
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import ssh2, { type ConnectConfig, type SFTPWrapper, type Stats } from 'ssh2';
import { type FileTarget, TransportError } from './adapter';

export interface SftpSettings {
  host: string;
  port: number;
  username: string;
  password?: string;
  privateKey?: string;
  /** Base64 SHA-256 of the server's host key; empty to accept any (development only). */
  hostKeySha256: string;
  readyTimeoutMs?: number;
}

// ssh2 is CommonJS: its classes come from the default export under Node's ESM loader.
const { Client } = ssh2;
const NO_SUCH_FILE = 2;

function promised<T>(fn: (cb: (err: Error | null | undefined, value?: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => fn((err, value) => (err ? reject(err) : resolve(value as T))));
}

function isMissing(err: unknown): boolean {
  return (err as { code?: number }).code === NO_SUCH_FILE;
}

export function sftpTarget(settings: SftpSettings): FileTarget {
  let session: Promise<{ client: InstanceType<typeof Client>; sftp: SFTPWrapper }> | undefined;

  const connect = () => {
    session ??= new Promise((resolve, reject) => {
      const client = new Client();
      const config: ConnectConfig = {
        host: settings.host,
        port: settings.port,
        username: settings.username,
        password: settings.password,
        privateKey: settings.privateKey,
        readyTimeout: settings.readyTimeoutMs ?? 20_000,
        hostVerifier: (key: Buffer) =>
          !settings.hostKeySha256 ||
          createHash('sha256').update(key).digest('base64').replace(/=+$/, '') ===
            settings.hostKeySha256.replace(/^SHA256:/, '').replace(/=+$/, ''),
      };
      client
        .on('ready', () => {
          // Small requests (stat, rename, mkdir) go out at once: with Nagle's algorithm each one waited ~40 ms for
          // the server's delayed ACK, which cost a batch of 12 files more than the transfer of its 96 MiB.
          client.setNoDelay(true);
          client.sftp((err, sftp) => (err ? reject(err) : resolve({ client, sftp })));
        })
        .on('error', (err) => {
          session = undefined;
          reject(new TransportError('transport.connect', `${settings.host}:${settings.port}: ${err.message}`));
        })
        .on('close', () => {
          session = undefined;
        })
        .connect(config);
    });
    return session;
  };

  const sftp = async () => (await connect()).sftp;

  const stat = async (path: string): Promise<Stats | null> => {
    const s = await sftp();
    try {
      return await promised<Stats>((cb) => s.stat(path, cb));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };

  const listFiles = async (dir: string): Promise<Map<string, number>> => {
    const s = await sftp();
    try {
      const entries = await promised<Array<{ filename: string; attrs: Stats }>>((cb) => s.readdir(dir, cb));
      return new Map(entries.filter((e) => e.attrs.isFile()).map((e) => [e.filename, e.attrs.size]));
    } catch (err) {
      if (isMissing(err)) return new Map();
      throw err;
    }
  };
  // Folders known to exist on this connection: mkdirp asks the server about each only once.
  const folders = new Set<string>();

  return {
    async mkdirp(dir) {
      const s = await sftp();
      let at = dir.startsWith('/') ? '' : '.';
      let made = false;
      for (const part of dir.split('/').filter(Boolean)) {
        at = `${at}/${part}`;
        if (folders.has(at)) {
          made = false;
          continue;
        }
        // Below a folder made just now nothing exists: no need to ask.
        const found: Stats | null = made ? null : await stat(at);
        made = found?.isDirectory()
          ? false
          : await promised<void>((cb) => s.mkdir(at, cb)).then(
              () => true,
              async (err) => {
                // Made meanwhile by another attempt: fine. Anything else is a real failure.
                if (!(await stat(at))?.isDirectory()) throw err;
                return false;
              },
            );
        folders.add(at);
      }
      return made;
    },
    async size(path) {
      const found = await stat(path);
      return found?.isFile() ? found.size : null;
    },
    async put(source, path) {
      const s = await sftp();
      if (source.localPath) {
        const local = source.localPath;
        await promised<void>((cb) => s.fastPut(local, path, cb));
      } else await pipeline(await source.open(), s.createWriteStream(path));
    },
    async putText(text, path) {
      const s = await sftp();
      await promised<void>((cb) => s.writeFile(path, text, cb));
    },
    async rename(from, to) {
      const s = await sftp();
      const extensions = (s as unknown as { _extensions: Record<string, string> })._extensions ?? {};
      if (extensions['posix-rename@openssh.com']) await promised<void>((cb) => s.ext_openssh_rename(from, to, cb));
      else await promised<void>((cb) => s.rename(from, to, cb));
    },
    async remove(path) {
      const s = await sftp();
      await promised<void>((cb) => s.unlink(path, cb)).catch((err) => {
        if (!isMissing(err)) throw err;
      });
    },
    async list(dir) {
      return [...(await listFiles(dir)).keys()];
    },
    sizes: (dir) => listFiles(dir),
    async readText(path) {
      const s = await sftp();
      return (await promised<Buffer>((cb) => s.readFile(path, cb))).toString('utf8');
    },
    async close() {
      const open = session;
      session = undefined;
      if (open) (await open.catch(() => undefined))?.client.end();
    },
  };
}
