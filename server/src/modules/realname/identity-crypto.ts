/**
 * ID numbers at rest: AES-256-GCM with the key of IDENTITY_ENCRYPTION_KEY (64 hex characters), or, when unset, a
 * key derived (HKDF-SHA256) from the server-wide secret in the settings table — fine for development, but a
 * production setting keeps the key out of the database it protects. Stored as iv (12) | tag (16) | ciphertext.
 * The numbers never reach a log nor an answer whole: callers show maskIdNumber's form.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Deps } from '../../platform/deps';
import { hmac } from '../../platform/security/tokens';

const keys = new WeakMap<Deps, Buffer>();

export function identityKey(deps: Deps): Buffer {
  let key = keys.get(deps);
  if (!key) {
    const configured = deps.config.identity.encryptionKey;
    key = configured
      ? Buffer.from(configured, 'hex')
      : Buffer.from(hkdfSync('sha256', deps.secret, 'trackline', 'identity-numbers', 32));
    keys.set(deps, key);
  }
  return key;
}

export function sealIdNumber(deps: Deps, id: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', identityKey(deps), iv);
  const body = Buffer.concat([cipher.update(id, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function openIdNumber(deps: Deps, sealed: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', identityKey(deps), sealed.subarray(0, 12));
  decipher.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
}

/** The provider callbacks' shared secret: IDENTITY_CALLBACK_SECRET, or one derived from the server secret. */
export function callbackSecret(deps: Deps): string {
  return deps.config.identity.callbackSecret ?? hmac(deps.secret, 'identity-callback').toString('hex');
}
