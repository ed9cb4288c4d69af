/** Server-wide values kept in the database so every instance agrees on them (the hashing key, seed markers). */
import { randomBytes } from 'node:crypto';
import type { Db } from './database';

export async function getSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Sets the value unless one is there already; answers the value that won. */
export async function setSettingOnce(db: Db, key: string, value: string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await getSetting(db, key))!;
}

export async function serverSecret(db: Db): Promise<string> {
  return (
    (await getSetting(db, 'hmac_secret')) ?? setSettingOnce(db, 'hmac_secret', randomBytes(32).toString('base64url'))
  );
}
