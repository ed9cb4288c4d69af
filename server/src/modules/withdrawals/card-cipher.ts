/**
 * Card numbers at rest: AES-256-GCM under a key derived from the server secret (settings.hmac_secret), so a copy
 * of the table alone does not give the numbers. Only the payout step and the bank file read them back.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(`card-number\u0000${secret}`).digest();
}

export function sealCardNumber(secret: string, cardNo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(cardNo, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function openCardNumber(secret: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}
