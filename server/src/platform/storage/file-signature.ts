/**
 * Links to private files on local disk: /files/<key>?exp=<unix seconds>&sig=<hex>, where sig is an HMAC-SHA256
 * over the key and the expiry with a key derived from the server secret (the same on every instance, never
 * stored). Like an S3 presigned GET the link itself is the authority until it expires; it is only ever minted
 * for a caller after their right to read the file was checked.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signing key for file links, derived from the server-wide secret (kept apart from its other uses). */
export function fileSigningKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('trackline file url v1').digest();
}

function signature(signingKey: Buffer, key: string, exp: number): string {
  return createHmac('sha256', signingKey).update(`v1\n${key}\n${exp}`).digest('hex');
}

/** The query string (without "?") that lets a reader in until expiresAt. */
export function signFileQuery(signingKey: Buffer, key: string, expiresAt: Date): string {
  const exp = Math.ceil(expiresAt.getTime() / 1000);
  return new URLSearchParams({ exp: String(exp), sig: signature(signingKey, key, exp) }).toString();
}

export type FileLinkCheck = 'valid' | 'expired' | 'invalid';

/** Whether exp and sig were minted for this key (compared in constant time) and are not past. */
export function checkFileQuery(
  signingKey: Buffer,
  key: string,
  query: { exp?: unknown; sig?: unknown },
  now = Date.now(),
): FileLinkCheck {
  const exp = typeof query.exp === 'string' && /^\d{1,12}$/.test(query.exp) ? Number(query.exp) : null;
  const sig = typeof query.sig === 'string' && /^[0-9a-f]{64}$/.test(query.sig) ? query.sig : null;
  if (exp === null || sig === null) return 'invalid';
  const expected = Buffer.from(signature(signingKey, key, exp), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return 'invalid';
  return exp * 1000 < now ? 'expired' : 'valid';
}
