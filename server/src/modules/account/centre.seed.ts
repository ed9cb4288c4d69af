/**
 * The demo musician's personal centre (SEED_DEMO, once): a bio, the artist names they publish under (step 1 prefills
 * the first), and a few past sign-ins and security events, so /person-center/* shows something the moment the portal
 * starts. Runs once per database (the setting `demo_centre_seeded`), on a fresh start or an older demo database.
 */
import { getSetting, setSettingOnce } from '../../platform/db/settings';
import type { Deps } from '../../platform/deps';
import { findUserByMobile } from './account.repository';

const DAY_MS = 86_400_000;
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

export async function seedDemoCentre(deps: Deps, mobile: string): Promise<void> {
  const { db } = deps.database;
  if (await getSetting(db, 'demo_centre_seeded')) return;
  const user = await findUserByMobile(db, mobile);
  if (!user) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        bio: '独立音乐人，写城市、夏夜与远方。Indie songwriter from Hangzhou.',
        artist_names: ['夏夜晚风乐队', 'Summer Breeze'],
      })
      .where('id', '=', user.id)
      .execute();
    const now = Date.now();
    const past = [
      { kind: 'login', ip: '203.0.113.24', ua: PHONE_UA, at: now - 9 * DAY_MS },
      { kind: 'password_changed', ip: '203.0.113.24', ua: PHONE_UA, at: now - 9 * DAY_MS + 120_000 },
      { kind: 'login', ip: '198.51.100.7', ua: DESKTOP_UA, at: now - 3 * DAY_MS },
      { kind: 'profile_updated', ip: '198.51.100.7', ua: DESKTOP_UA, at: now - 3 * DAY_MS + 300_000 },
    ] as const;
    await trx
      .insertInto('account_events')
      .values(
        past.map((e) => ({ user_id: user.id, kind: e.kind, ip: e.ip, user_agent: e.ua, created_at: new Date(e.at) })),
      )
      .execute();
    await setSettingOnce(trx, 'demo_centre_seeded', new Date().toISOString());
  });
}
