/** Opaque secrets: session tokens (256 bits) and keyed hashes of the short codes we must not store in clear. */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function hmac(secret: string, ...parts: string[]): Buffer {
  return createHmac('sha256', secret).update(parts.join('\u0000')).digest();
}

export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Six digits from a CSPRNG, zero-padded. */
export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
