/**
 * Picture codes: asked for once a rate limit or failed logins say a human should prove itself.
 * The answer is stored as a keyed hash, lives 5 minutes, and is used up by the first check, right or wrong.
 * The picture is a PNG (captcha-image.ts). It only slows scripts down: the counted limits are what hold.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { captchaText, drawCaptcha } from './captcha-image';
import { hmac, sameBytes } from './tokens';

const TTL_MS = 5 * 60_000;

/** `text`: the code to show; a random one unless a test needs to know it. */
export async function createCaptcha(
  db: Db,
  secret: string,
  text = captchaText(),
): Promise<{ captcha_id: string; image: string }> {
  const png = await drawCaptcha(text);
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
  return { captcha_id: id, image: `data:image/png;base64,${png.toString('base64')}` };
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
