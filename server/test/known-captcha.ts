/** A picture code whose answer the test knows, stored the way the server stores one (the image is not read). */
import { randomUUID } from 'node:crypto';
import { hmac } from '../src/platform/security/tokens';
import type { TestApp } from './harness';

export async function knownCaptcha(t: TestApp, answer = 'k7pq', ttlMs = 60_000) {
  const id = randomUUID();
  await t.sql('INSERT INTO captchas (id, answer_hash, expires_at) VALUES ($1, $2, $3)', [
    id,
    hmac(t.deps.secret, 'captcha', id, answer),
    new Date(Date.now() + ttlMs),
  ]);
  return { captcha_id: id, captcha: answer };
}
