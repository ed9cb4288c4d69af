/**
 * Response headers that protect the browser side, decided by what an answer is rather than by the path it was asked
 * under (a path test misses `/index.html`, `/%66iles/...` and every other spelling the router still accepts).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

/** Every HTML answer: our own scripts only, and no other site may frame the page (clickjacking). */
export const PAGE_CSP = [
  "default-src 'self'",
  "img-src 'self' data: blob: https: http:",
  // Private audio comes as presigned GETs from the bucket's own address when storage is S3 (file-access.ts).
  "media-src 'self' blob: https: http:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

/** Stored files (uploads): no script at all, so a file can never act as a page of ours, whatever its type. */
export const STORED_FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** One year; sent only when the public address is https, so a plain-http install is never locked out. */
const HSTS = 'max-age=31536000';

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const https = config.publicBaseUrl?.startsWith('https://') ?? false;
  app.addHook('onSend', async (_request, reply, payload) => {
    if (https) reply.header('strict-transport-security', HSTS);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      // A route that set its own (stricter) policy keeps it; every other page gets the page policy.
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', PAGE_CSP);
      // For browsers that predate frame-ancestors.
      reply.header('x-frame-options', 'DENY');
    }
    return payload;
  });
}
