/**
 * An OpenSSH server (Debian's openssh-server, /usr/sbin/sshd) on loopback for bench/delivery: a store's SFTP server
 * is another program on another machine, so the benchmark should not share its process (and CPU) with the in-process
 * `ssh2` server the tests use. Fresh ed25519 host and client keys in a temporary folder, public-key login for the
 * current user only, the `internal-sftp` subsystem. Answers null when sshd is not installed.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';

const SSHD = '/usr/sbin/sshd';

export interface OpenSshServer {
  port: number;
  username: string;
  privateKey: string;
  hostKeySha256: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export async function startOpenSsh(dir: string): Promise<OpenSshServer | null> {
  if (!existsSync(SSHD)) return null;
  mkdirSync(dir, { recursive: true });
  const key = (name: string) => {
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', path.join(dir, name)]);
    return path.join(dir, name);
  };
  const hostKey = key('host');
  const clientKey = key('client');
  writeFileSync(path.join(dir, 'authorized_keys'), readFileSync(`${clientKey}.pub`));
  // sshd wants its privilege-separation folder when started by root.
  if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true });
  const port = await freePort();
  const config = path.join(dir, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `PidFile ${path.join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${path.join(dir, 'authorized_keys')}`,
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      'PermitRootLogin prohibit-password',
      'StrictModes no',
      'UsePAM no',
      'Subsystem sftp internal-sftp',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(SSHD, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  // Listening once it says so (or give up after 10 s with what it printed).
  for (let i = 0; i < 100 && !log.includes('Server listening'); i++) {
    if (child.exitCode !== null) throw new Error(`sshd exited: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!log.includes('Server listening')) throw new Error(`sshd did not start: ${log}`);
  // "256 SHA256:<base64> host (ED25519)": the pinned fingerprint is the base64 part.
  const fingerprint = execFileSync('ssh-keygen', ['-l', '-f', `${hostKey}.pub`])
    .toString()
    .split(' ')[1]!;
  return {
    port,
    username: userInfo().username,
    privateKey: readFileSync(clientKey, 'utf8'),
    hostKeySha256: fingerprint.replace(/^SHA256:/, ''),
    close: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    },
  };
}
