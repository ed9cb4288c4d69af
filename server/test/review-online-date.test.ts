/**
 * Issue 9: an editor marked a work online days before its release date, and the musician saw "online" for a song
 * no store had yet. Before the release date (China time) the server refuses (2251, naming the date) unless the editor
 * confirmed it knowingly (`before_release: true`); on or after the date, or without one, it needs nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shanghaiToday } from '../src/modules/works/calendar';
import { ADMIN_PASSWORD, call, createTestApp, ipSequence, registerUser, staffLogin, type TestApp } from './harness';
import { insertWork, readWork } from './work-fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffLogin(t, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const nextIp = ipSequence(142);
const online = (payload: object, lang = 'zh-CN') =>
  call(t.app, {
    method: 'POST',
    url: '/api/admin/review/online',
    payload,
    headers: { 'admin-token': admin, 'accept-language': lang },
  });
const owner = async () => {
  const u = await registerUser(t, {}, nextIp());
  return Number((await t.sql('SELECT id FROM users WHERE mobile = $1', [u.mobile])).rows[0].id);
};
const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

describe('marking a work online before its release date', () => {
  it('is refused with the date, and nothing changes, until the editor confirms', async () => {
    const w = await insertWork(t, await owner(), { status: '990', release_date: day(10) });
    const refused = await online({ id: w.id, remark: '提前' }, 'en');
    expect(refused.body).toMatchObject({
      code: 2251,
      msg: expect.stringMatching(/release date has not come/),
      data: { release_date: day(10), today: shanghaiToday() },
    });
    expect((await readWork(t, w.id))!.status).toBe('990');
    const history = await t.sql('SELECT count(*)::int AS n FROM work_events WHERE work_id = $1', [w.id]);
    const events = history.rows[0].n;

    const confirmed = await online({ id: w.id, remark: '提前', before_release: true });
    expect(confirmed.body).toMatchObject({ code: 1, data: { status: '991' } });
    expect((await t.sql('SELECT count(*)::int AS n FROM work_events WHERE work_id = $1', [w.id])).rows[0].n).toBe(
      events + 1,
    );
  });

  it('needs no confirmation on the release date, after it, or for a work without one', async () => {
    const o = await owner();
    for (const release_date of [day(0), day(-3), null]) {
      const w = await insertWork(t, o, { status: '990', release_date });
      expect((await online({ id: w.id })).body, String(release_date)).toMatchObject({
        code: 1,
        data: { status: '991' },
      });
    }
  });

  it('refuses a malformed confirmation', async () => {
    const w = await insertWork(t, await owner(), { status: '990', release_date: day(5) });
    expect((await online({ id: w.id, before_release: 'yes' })).body.code).toBe(2001);
  });
});
