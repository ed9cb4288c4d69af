/**
 * Picture codes: asked for once a rate limit or failed logins say a human should prove itself.
 * The answer is stored as a keyed hash, lives 5 minutes, and is used up by the first check, right or wrong.
 */
import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../db/database';
import { hmac, sameBytes } from './tokens';

const TTL_MS = 5 * 60_000;

export async function createCaptcha(db: Db, secret: string): Promise<{ captcha_id: string; image: string }> {
  const { data, text } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', background: '#f4f1ff' });
  const id = randomUUID();
  await db
    .insertInto('captchas')
    .values({
      id,
      answer_hash: hmac(secret, 'captcha', id, text.toLowerCase()),
      expires_at: new Date(Date.now() + TTL_MS),
    })
    .execute();
  if (Math.random() < 0.05) await db.deleteFrom('captchas').where('expires_at', '<', new Date()).execute();
  return { captcha_id: id, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

export async function checkCaptcha(
  db: Db,
  secret: string,
  id: string | undefined,
  answer: string | undefined,
): Promise<boolean> {
  if (!id || !answer) return false;
  const row = await db
    .deleteFrom('captchas')
    .where('id', '=', id)
    .returning(['answer_hash', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() < Date.now()) return false;
  return sameBytes(row.answer_hash, hmac(secret, 'captcha', id, answer.trim().toLowerCase()));
}
