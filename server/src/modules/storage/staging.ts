/**
 * The staging directory (UPLOAD_STAGING_DIR): request bodies are streamed into files here before they are judged
 * and moved into storage, never held in memory. Resumable uploads are named by their id, signed-URL uploads
 * `grant-<nonce>`.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { finished, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Deps } from '../../platform/deps';

export function stagingPath(deps: Deps, name: string): string {
  return path.join(deps.config.uploadStagingDir, name);
}

export async function ensureStagingDir(deps: Deps): Promise<void> {
  await mkdir(deps.config.uploadStagingDir, { recursive: true });
}

/** Raised when a body brings more bytes than it may: the bytes up to the limit were still written. */
export class BodyTooLong extends Error {
  constructor() {
    super('body longer than allowed');
  }
}

/** Passes at most `max` bytes on (each shown to `onBytes` first), then fails with BodyTooLong. */
function limitTo(max: number, onBytes?: (chunk: Buffer) => void): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      const room = max - seen;
      seen += chunk.length;
      const passed = chunk.length <= room ? chunk : chunk.subarray(0, Math.max(0, room));
      if (passed.length > 0) onBytes?.(passed);
      if (passed === chunk) return done(null, chunk);
      if (passed.length > 0) this.push(passed);
      done(new BodyTooLong());
    },
  });
}

/** Write in big pieces: fewer system calls for the large bodies that come here. */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/**
 * Streams `body` into the file at `start` (the file must exist when start > 0; 'w' creates it otherwise), at most
 * `max` bytes, each piece shown to `onBytes` on its way (a running hash). Answers how many bytes reached the file, also when the body broke off (a dropped connection) or was
 * too long: `error` says why it stopped early.
 */
export async function receiveInto(
  file: string,
  body: NodeJS.ReadableStream,
  options: { start: number; max: number; onBytes?: (chunk: Buffer) => void },
): Promise<{ written: number; error: unknown }> {
  const out = createWriteStream(file, {
    flags: options.start > 0 ? 'r+' : 'w',
    start: options.start,
    highWaterMark: WRITE_BUFFER_BYTES,
  });
  const limiter = limitTo(options.max, options.onBytes);
  // The request itself is piped in, not pipelined: a refusal must not destroy it, or the socket would go before the
  // answer (413) reaches the client. A body that breaks off (dropped connection) ends the writing all the same.
  const stopOnBreak = finished(body, (err) => {
    if (err) limiter.destroy(err);
  });
  body.pipe(limiter);
  let error: unknown = null;
  try {
    await pipeline(limiter, out);
  } catch (err) {
    error = err;
    body.unpipe(limiter);
  } finally {
    stopOnBreak();
  }
  // Only what the file system took counts; pending writes of a broken pipeline were dropped.
  if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
  return { written: out.bytesWritten, error };
}
