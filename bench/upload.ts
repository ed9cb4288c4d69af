/**
 * bench/upload: a 1 GiB WAV through the resumable upload (tus: POST, then 64 MiB PATCHes over HTTP to the real
 * server, the last one including the server's check, SHA-256 and move into storage) against plain copies of the
 * same file on the same disk in the same run: `cp`'s way (copy_file_range, in the kernel) and a streamed copy
 * (read and write through the process, as the server has to). Prints the throughput of each, the ratios, and the
 * server process's memory: its resident size sampled from /proc during the upload, against before it.
 * Goals: upload ≥ 0.5 of copy speed; server memory growth < 100 MiB.
 * BENCH_UPLOAD_MIB sets the file size (default 1024), BENCH_UPLOAD_CHUNK_MIB the PATCH size (default 64).
 * The client streams each PATCH body like a real tus client: 1 MiB reads into two buffers used in turn (sendRange).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, type FileHandle, mkdtemp, open, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { demoToken, memoryKiB, startServer } from './support/server';

const MiB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MIB ?? 1024) * MiB;
const CHUNK = Number(process.env.BENCH_UPLOAD_CHUNK_MIB ?? 64) * MiB;

/** A WAV header (44.1 kHz, 16-bit stereo) for `size` bytes in all, then pseudo-random samples (not sparse). */
async function makeWav(file: string, size: number): Promise<void> {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(size - 8, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE(44_100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(size - 44, 40);
  const block = randomBytes(16 * MiB);
  const handle = await open(file, 'w');
  try {
    await handle.write(header, 0, header.length, 0);
    for (let at = 44, n = 0; at < size; n++) {
      const len = Math.min(block.length, size - at);
      block.writeUInt32LE(n, 0); // no two blocks alike
      await handle.write(block, 0, len, at);
      at += len;
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Sends bytes [start, end) of `file` as a request body the way a streaming tus client would: read in 1 MiB pieces into
 * two buffers used in turn (a buffer is read into again only once the socket took it), so the client neither
 * allocates per piece nor keeps the other core busy collecting garbage while the server works.
 */
async function sendRange(file: FileHandle, start: number, end: number, req: http.ClientRequest): Promise<void> {
  const buffers = [Buffer.allocUnsafe(MiB), Buffer.allocUnsafe(MiB)];
  const sent: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
  for (let at = start, i = 0; at < end; i ^= 1) {
    await sent[i];
    const buf = buffers[i]!;
    const { bytesRead } = await file.read(buf, 0, Math.min(buf.length, end - at), at);
    if (bytesRead === 0) throw new Error('the file ended early');
    at += bytesRead;
    sent[i] = new Promise((resolve, reject) =>
      req.write(buf.subarray(0, bytesRead), (err) => (err ? reject(err) : resolve())),
    );
  }
  await Promise.all(sent);
  req.end();
}

function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: { file: FileHandle; start: number; end: number },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    if (body) sendRange(body.file, body.start, body.end, req).catch((err: Error) => req.destroy(err));
    else req.end();
  });
}

/** Writes back what earlier phases left dirty, so no phase pays for another's writes. */
function settleDisk(): void {
  execFileSync('sync');
}

async function tusUpload(base: string, token: string, file: string, size: number): Promise<string> {
  const meta = `kind ${Buffer.from('audio').toString('base64')},filename ${Buffer.from('bench.wav').toString('base64')}`;
  const common = { token, 'tus-resumable': '1.0.0' };
  const created = await request(`${base}/api/upload/tus`, 'POST', {
    ...common,
    'upload-length': String(size),
    'upload-metadata': meta,
  });
  if (created.status !== 201) throw new Error(`creation: ${created.status} ${created.body}`);
  const location = `${base}${created.headers.location}`;
  let key = '';
  const handle = await open(file, 'r');
  try {
    for (let offset = 0; offset < size; ) {
      const end = Math.min(offset + CHUNK, size);
      const res = await request(
        location,
        'PATCH',
        {
          ...common,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(end - offset),
        },
        { file: handle, start: offset, end },
      );
      if (res.status !== 204) throw new Error(`PATCH at ${offset}: ${res.status} ${res.body}`);
      offset = Number(res.headers['upload-offset']);
      key = String(res.headers['upload-file-key'] ?? key);
    }
  } finally {
    await handle.close();
  }
  return key;
}

const mibPerSec = (bytes: number, ms: number) => bytes / MiB / (ms / 1000);

const dir = await mkdtemp(path.join(tmpdir(), 'trackline-bench-upload-'));
const source = path.join(dir, 'source.wav');
console.log(`bench/upload  (${SIZE / MiB} MiB WAV, ${CHUNK / MiB} MiB PATCHes, files in ${tmpdir()})`);
console.log(`  load average before: ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`);
await makeWav(source, SIZE);

const server = await startServer({ LOG_LEVEL: 'warn' });
try {
  const pid = server.child.pid!;
  const token = await demoToken(server.url);

  // Warm-up: a small upload runs every code path once, so the baseline includes the loaded code.
  const small = path.join(dir, 'small.wav');
  await makeWav(small, 4 * MiB);
  await tusUpload(server.url, token, small, 4 * MiB);
  const before = await memoryKiB(pid);
  settleDisk();

  let peak = before.rss;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, (await memoryKiB(pid)).rss);
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const t0 = performance.now();
  const key = await tusUpload(server.url, token, source, SIZE);
  const uploadMs = performance.now() - t0;
  sampling = false;
  await sampler;
  const after = await memoryKiB(pid);
  if (!key) throw new Error('the upload was not stored');

  settleDisk();
  const t1 = performance.now();
  await copyFile(source, path.join(dir, 'copy-kernel.wav'));
  const cpMs = performance.now() - t1;
  await rm(path.join(dir, 'copy-kernel.wav'));
  settleDisk();
  const t2 = performance.now();
  await pipeline(
    createReadStream(source, { highWaterMark: MiB }),
    createWriteStream(path.join(dir, 'copy-stream.wav')),
  );
  const streamMs = performance.now() - t2;

  const up = mibPerSec(SIZE, uploadMs);
  const cp = mibPerSec(SIZE, cpMs);
  const st = mibPerSec(SIZE, streamMs);
  const growth = (peak - before.rss) / 1024;
  console.log(
    `  tus upload (incl. SHA-256 + store)  ${up.toFixed(0).padStart(6)} MiB/s   ${(uploadMs / 1000).toFixed(2)} s`,
  );
  console.log(
    `  copy, kernel (cp / copyFile)        ${cp.toFixed(0).padStart(6)} MiB/s   ${(cpMs / 1000).toFixed(2)} s`,
  );
  console.log(
    `  copy, streamed through a process    ${st.toFixed(0).padStart(6)} MiB/s   ${(streamMs / 1000).toFixed(2)} s`,
  );
  console.log(`  ratio upload : kernel copy   = ${(up / cp).toFixed(2)}`);
  console.log(`  ratio upload : streamed copy = ${(up / st).toFixed(2)}`);
  console.log(
    `  server RSS: ${(before.rss / 1024).toFixed(0)} MiB before, peak ${(peak / 1024).toFixed(0)} MiB during, ` +
      `${(after.rss / 1024).toFixed(0)} MiB after (VmHWM ${(after.hwm / 1024).toFixed(0)} MiB); growth ${growth.toFixed(0)} MiB`,
  );
  const ratio = up / Math.max(cp, st);
  console.log(
    `goal: upload >= 0.50 of the faster copy: ${ratio >= 0.5 ? 'met' : 'NOT met'} (${ratio.toFixed(2)}); ` +
      `server memory growth < 100 MiB: ${growth < 100 ? 'met' : 'NOT met'} (${growth.toFixed(0)} MiB)`,
  );
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
