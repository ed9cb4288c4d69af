/**
 * A real SFTP server for the tests and bench/delivery, on loopback, serving a folder of this machine: `ssh2`'s
 * Server with the SFTP requests a delivery uses (open, read, write, close, stat, mkdir, rename, readdir, remove,
 * realpath). RENAME refuses to overwrite, as SFTP v3 servers do. One user with a password; a fresh ed25519 host key
 * per server, whose SHA-256 fingerprint the client pins.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import ssh2, { type Connection } from 'ssh2';

// ssh2 is CommonJS: its classes come from the default export under Node's ESM loader.
const { Server, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;

export interface TestSftpServer {
  port: number;
  username: string;
  password: string;
  hostKeySha256: string;
  /** Requests served, by type (the tests read WRITE and RENAME counts). */
  counts: Record<string, number>;
  close(): Promise<void>;
}

function attrsOf(s: import('node:fs').Stats) {
  return {
    mode: s.mode,
    uid: s.uid,
    gid: s.gid,
    size: s.size,
    atime: Math.floor(s.atimeMs / 1000),
    mtime: Math.floor(s.mtimeMs / 1000),
  };
}

/** `writeDelayMs` slows every WRITE answer, so a test can stop a client in the middle of a batch. */
export async function startSftpServer(
  rootDir: string,
  options: { writeDelayMs?: number } = {},
): Promise<TestSftpServer> {
  const username = 'trackline';
  const password = 'delivery-test';
  const hostKey = utils.generateKeyPairSync('ed25519');
  const parsed = utils.parseKey(hostKey.private);
  if (parsed instanceof Error) throw parsed;
  const publicBlob = (Array.isArray(parsed) ? parsed[0]! : parsed).getPublicSSH();
  const hostKeySha256 = createHash('sha256').update(publicBlob).digest('base64').replace(/=+$/, '');
  const counts: Record<string, number> = {};
  const connections = new Set<Connection>();

  const root = path.resolve(rootDir);
  const local = (p: string) => {
    const resolved = path.resolve(root, `.${path.posix.resolve('/', p)}`);
    if (resolved !== root && !resolved.startsWith(`${root}${path.sep}`)) throw new Error('outside');
    return resolved;
  };

  const server = new Server({ hostKeys: [hostKey.private] }, (client) => {
    connections.add(client);
    client.on('close', () => connections.delete(client));
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      if (ctx.method === 'password' && ctx.username === username && ctx.password === password) ctx.accept();
      else ctx.reject(['password']);
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const handles = new Map<number, { fd?: number; dir?: string[]; path: string }>();
          let next = 0;
          const newHandle = (h: { fd?: number; dir?: string[]; path: string }) => {
            const id = next++;
            handles.set(id, h);
            const buf = Buffer.alloc(4);
            buf.writeUInt32BE(id);
            return buf;
          };
          const handleOf = (buf: Buffer) => handles.get(buf.readUInt32BE(0));
          const count = (type: string) => {
            counts[type] = (counts[type] ?? 0) + 1;
          };
          const guard = (reqid: number, fn: () => void) => {
            try {
              fn();
            } catch (err) {
              const code = (err as NodeJS.ErrnoException).code;
              sftp.status(reqid, code === 'ENOENT' ? STATUS_CODE.NO_SUCH_FILE : STATUS_CODE.FAILURE, String(err));
            }
          };
          sftp
            .on('OPEN', (reqid, filename, flags) =>
              guard(reqid, () => {
                count('OPEN');
                const mode = utils.sftp.flagsToString(flags) ?? 'r';
                sftp.handle(reqid, newHandle({ fd: openSync(local(filename), mode), path: filename }));
              }),
            )
            .on('WRITE', (reqid, handle, offset, data) =>
              guard(reqid, () => {
                count('WRITE');
                writeSync(handleOf(handle)!.fd!, data, 0, data.length, offset);
                if (options.writeDelayMs) setTimeout(() => sftp.status(reqid, STATUS_CODE.OK), options.writeDelayMs);
                else sftp.status(reqid, STATUS_CODE.OK);
              }),
            )
            .on('READ', (reqid, handle, offset, length) =>
              guard(reqid, () => {
                const buf = Buffer.alloc(length);
                const n = readSync(handleOf(handle)!.fd!, buf, 0, length, offset);
                if (n === 0) sftp.status(reqid, STATUS_CODE.EOF);
                else sftp.data(reqid, buf.subarray(0, n));
              }),
            )
            .on('CLOSE', (reqid, handle) =>
              guard(reqid, () => {
                const h = handleOf(handle);
                if (h?.fd !== undefined) closeSync(h.fd);
                handles.delete(handle.readUInt32BE(0));
                sftp.status(reqid, STATUS_CODE.OK);
              }),
            )
            .on('FSTAT', (reqid, handle) =>
              guard(reqid, () => sftp.attrs(reqid, attrsOf(fstatSync(handleOf(handle)!.fd!)))),
            )
            .on('STAT', (reqid, p) => guard(reqid, () => sftp.attrs(reqid, attrsOf(statSync(local(p))))))
            .on('LSTAT', (reqid, p) => guard(reqid, () => sftp.attrs(reqid, attrsOf(statSync(local(p))))))
            .on('SETSTAT', (reqid) => sftp.status(reqid, STATUS_CODE.OK))
            .on('FSETSTAT', (reqid) => sftp.status(reqid, STATUS_CODE.OK))
            .on('MKDIR', (reqid, p) =>
              guard(reqid, () => {
                count('MKDIR');
                mkdirSync(local(p));
                sftp.status(reqid, STATUS_CODE.OK);
              }),
            )
            .on('RMDIR', (reqid, p) =>
              guard(reqid, () => {
                rmdirSync(local(p));
                sftp.status(reqid, STATUS_CODE.OK);
              }),
            )
            .on('REMOVE', (reqid, p) =>
              guard(reqid, () => {
                count('REMOVE');
                unlinkSync(local(p));
                sftp.status(reqid, STATUS_CODE.OK);
              }),
            )
            .on('RENAME', (reqid, from, to) =>
              guard(reqid, () => {
                count('RENAME');
                if (statSync(local(to), { throwIfNoEntry: false })) throw new Error('target exists');
                renameSync(local(from), local(to));
                sftp.status(reqid, STATUS_CODE.OK);
              }),
            )
            .on('OPENDIR', (reqid, p) =>
              guard(reqid, () => {
                const names = readdirSync(local(p));
                sftp.handle(reqid, newHandle({ dir: names, path: p }));
              }),
            )
            .on('READDIR', (reqid, handle) =>
              guard(reqid, () => {
                const h = handleOf(handle)!;
                if (!h.dir || h.dir.length === 0) return sftp.status(reqid, STATUS_CODE.EOF);
                const names = h.dir.splice(0, h.dir.length).map((filename) => {
                  const s = statSync(local(path.posix.join(h.path, filename)));
                  return { filename, longname: filename, attrs: attrsOf(s) };
                });
                sftp.name(reqid, names);
              }),
            )
            .on('REALPATH', (reqid, p) =>
              guard(reqid, () => {
                const resolved = path.posix.resolve('/', p);
                sftp.name(reqid, [{ filename: resolved, longname: resolved, attrs: {} as never }]);
              }),
            );
        });
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    username,
    password,
    hostKeySha256,
    counts,
    async close() {
      for (const c of connections) c.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
