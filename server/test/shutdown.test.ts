/**
 * Stopping the real process (main.ts) with SIGTERM: a request sent afterwards on a connection that was kept alive
 * gets 503 in the envelope with `Connection: close` (platform/http/draining.ts), not a reset, and the process then
 * exits cleanly.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

const root = path.resolve(import.meta.dirname, '../..');

let t: TestApp;
let dataDir: string;
let child: ChildProcess | undefined;
beforeAll(async () => {
  t = await createTestApp();
  dataDir = await mkdtemp(path.join(tmpdir(), 'trackline-shutdown-'));
});
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends one HTTP/1.1 request on an open socket and reads one whole response (Content-Length framed). */
function exchange(socket: net.Socket, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    const timer = setTimeout(() => done(() => reject(new Error('no answer within 10 s'))), 10_000);
    const done = (fn: () => void) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.off('error', onError);
      fn();
    };
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      if (buffer.length < end + 4 + length) return;
      const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
      done(() => resolve({ status: Number(statusLine!.split(' ')[1]), headers, body }));
    };
    const onClose = () => done(() => reject(new Error('the connection was closed without an answer')));
    const onError = (err: Error) => done(() => reject(err));
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.once('error', onError);
    socket.write(request);
  });
}

function startServer(): Promise<{ port: number; exited: Promise<number | null> }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: t.databaseUrl,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JOBS_IN_PROCESS: 'false',
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: 'AdminPass2026',
    SHUTDOWN_GRACE_SECONDS: '3',
  };
  delete env.PUBLIC_BASE_URL;
  child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += String(chunk);
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ port: Number(match[1]), exited });
      }
    };
    child!.stdout!.on('data', read);
    child!.stderr!.on('data', read);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before it started:\n${output}`)));
  });
}

const ping = 'GET /api/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nAccept-Language: en\r\n\r\n';

describe('SIGTERM', () => {
  it('answers a request on a kept-alive connection with 503 + Connection: close, then exits', async () => {
    const { port, exited } = await startServer();
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));

    const before = await exchange(socket, ping);
    expect(before.status).toBe(200);
    expect(before.headers.connection).toBe('keep-alive');

    child!.kill('SIGTERM');
    // Let the signal be handled before the next request goes out on the same connection.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await exchange(socket, ping);
    expect(after.status).toBe(503);
    expect(after.headers.connection).toBe('close');
    expect(JSON.parse(after.body)).toMatchObject({ code: 5030, data: null });
    expect(JSON.parse(after.body).msg).toMatch(/unavailable/i);

    // The server keeps its word: it closes this connection, and the process ends cleanly.
    await new Promise((resolve) => (socket.closed ? resolve(null) : socket.once('close', resolve)));
    expect(await exited).toBe(0);
  }, 90_000);
});
