/**
 * Real names (issue 10) through the real calls: an adult's details, the development provider's page and its signed
 * callback (a bad signature, a stale one and a replay refused), the session user's real_name and is_verify, the
 * masked answers, step 3 refusing until the legal party is verified and the letter naming it; a minor's registration
 * with the guardian's mobile, the supplement with the drawn consent (a PDF), the guardian's verification and the
 * guardian on the letter; an enterprise verified (or refused with a reason) by support staff; who may read what.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { idCheckCharacter } from '@trackline/contract/identity';
import { API } from '@trackline/contract/paths';
import { MINOR_TERMS_VERSION } from '@trackline/contract/realname';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalParty } from '../src/modules/account/legal-party';
import { callbackSecret } from '../src/modules/realname/identity-crypto';
import { callbackSignature } from '../src/modules/realname/identity-provider';
import { call, createTestApp, freshMobile, ipSequence, registerUser, staffLogin, type TestApp } from './harness';
import { pngImage } from './media-files';
import {
  get,
  infoBody,
  type Musician,
  post,
  scopeBody,
  signaturePng,
  signBody,
  uploadBasics,
  uploadSmall,
} from './work-client';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await staffLogin(t);
});
afterAll(async () => {
  await t?.close();
});

const R = API.realname;
const nextIp = ipSequence(171);
const user = (overrides: Record<string, unknown> = {}) => registerUser(t, overrides, nextIp());

/** A valid ID number born on `birth` (YYYYMMDD), from Beijing's Xicheng district. */
function idBorn(birth: string, seq = '123'): string {
  const first17 = `110102${birth}${seq}`;
  return first17 + idCheckCharacter(first17);
}
const ADULT_ID = idBorn('19900307');
/** Someone who is 15 today (China time). */
function minorBirth(years = 15): string {
  const d = new Date(Date.now() + 8 * 3600_000);
  return `${d.getUTCFullYear() - years}0101`;
}

async function memberToken(roles: string[]): Promise<string> {
  const username = `rn${process.pid}_${roles.join('_')}`;
  const res = await call(t.app, {
    method: 'POST',
    url: API.admin.staffCreate,
    headers: { 'admin-token': admin },
    payload: { username, name: username, password: 'Member2026x', roles },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return staffLogin(t, username, 'Member2026x', nextIp());
}

const uid = (u: Musician) => u.userinfo.id as number;
const userInfo = async (u: Musician) => (await get(t, u, API.userInfo)).body.data.userinfo;

/** Saves the details and answers the development provider's attempt token. */
async function startAdult(u: Musician, name = '李白', id = ADULT_ID): Promise<string> {
  const saved = await post(t, u, R.save, { real_name: name, id_number: id });
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(1);
  const url = await get(t, u, R.verifyUrl);
  expect(url.body.code, JSON.stringify(url.body)).toBe(1);
  return new URL(url.body.data.url, 'http://x').searchParams.get('attempt')!;
}

function signedCallback(
  fields: Partial<{ attempt: string; result: 'pass' | 'fail'; reason: string }>,
  at = Date.now(),
) {
  const body = {
    attempt: fields.attempt ?? '',
    result: fields.result ?? 'pass',
    reason: fields.reason ?? '',
    nonce: randomUUID(),
    timestamp: Math.floor(at / 1000),
  };
  return { ...body, signature: callbackSignature(callbackSecret(t.deps), body) };
}
const callback = (payload: object) => call(t.app, { method: 'POST', url: R.callback, payload });

/** A single through steps 1 and 2: status 100, ready for step 3. */
async function readyWork(u: Musician): Promise<number> {
  const files = await uploadBasics(t, u);
  const { id } = (await post(t, u, API.publish.create, { kind: 'single' })).body.data;
  expect((await post(t, u, API.publish.saveInfo, infoBody(id, files))).body.code).toBe(1);
  expect((await post(t, u, API.publish.saveScope, scopeBody(id))).body.code).toBe(1);
  return id;
}
async function letterTerms(workId: number) {
  const { rows } = await t.sql('SELECT terms FROM work_authorizations WHERE work_id = $1 ORDER BY id DESC', [workId]);
  return rows[0].terms;
}

describe('an adult verifies a real name', () => {
  it('refuses bad names and ID numbers, and sends a minor’s ID to the supplement', async () => {
    const u = await user();
    expect((await post(t, u, R.save, { real_name: 'a', id_number: ADULT_ID })).body.code).toBe(2500);
    const wrongCheck = `${ADULT_ID.slice(0, 17)}${ADULT_ID[17] === '1' ? '2' : '1'}`;
    const bad = await post(t, u, R.save, { real_name: '李白', id_number: wrongCheck });
    expect(bad.body).toMatchObject({ code: 2501, data: { problem: 'check' } });
    const minor = await post(t, u, R.save, { real_name: '李白', id_number: idBorn(minorBirth()) });
    expect(minor.body).toMatchObject({ code: 2502, data: { link: '/realidcation', flow: 'minor' } });
    expect((await get(t, u, R.verifyUrl)).body.code).toBe(2505);
  });

  it('passes at the provider: is_verify 1 and the real name in the session user, masked in info', async () => {
    const u = await user();
    expect(await userInfo(u)).toMatchObject({ is_verify: 0, real_name: '' });
    const attempt = await startAdult(u, '李太白');
    // asking again within ten minutes answers the same attempt
    const again = await get(t, u, R.verifyUrl);
    expect(again.body.data.url).toContain(attempt);
    const pending = (await get(t, u, R.info)).body.data;
    expect(pending).toMatchObject({
      state: 'pending',
      kind: 'adult',
      real_name_masked: '李**',
      age: expect.any(Number),
    });
    expect(pending.id_masked).toBe(`110102********${ADULT_ID.slice(-4)}`);
    expect(JSON.stringify(pending)).not.toContain(ADULT_ID);

    const decided = await post(t, u, R.devDecide, { attempt, result: 'pass' });
    expect(decided.body).toMatchObject({ code: 1, data: { state: 'verified' } });
    // The cached session was evicted at commit: the very next call sees the new name.
    expect(await userInfo(u)).toMatchObject({ is_verify: 1, real_name: '李太白' });
    const verified = (await get(t, u, R.info)).body.data;
    expect(verified).toMatchObject({
      state: 'verified',
      legal_party: { kind: 'person', name: '李太白', verified: true },
    });
    expect(await legalParty(t.deps.database.db, uid(u))).toMatchObject({
      kind: 'person',
      name: '李太白',
      verified: true,
      payeeName: '李太白',
      state: 'verified',
    });
    // verified details are not replaced
    expect((await post(t, u, R.save, { real_name: '杜甫', id_number: ADULT_ID })).body.code).toBe(2504);
    expect((await get(t, u, R.verifyUrl)).body.code).toBe(2504);
  });

  it('keeps the ID number only encrypted', async () => {
    const u = await user();
    await startAdult(u);
    const { rows } = await t.sql('SELECT id_cipher, id_masked FROM identity_profiles WHERE user_id = $1', [uid(u)]);
    expect(Buffer.from(rows[0].id_cipher).includes(Buffer.from(ADULT_ID))).toBe(false);
    expect(rows[0].id_masked).not.toContain(ADULT_ID.slice(6, 14));
  });

  it('a failure is recorded with its reason, and the person may try again', async () => {
    const u = await user();
    const attempt = await startAdult(u);
    const res = await callback(signedCallback({ attempt, result: 'fail', reason: '人脸比对不一致' }));
    expect(res.body).toMatchObject({ code: 1, data: { state: 'failed' } });
    expect((await get(t, u, R.info)).body.data).toMatchObject({ state: 'failed', fail_reason: '人脸比对不一致' });
    expect(await userInfo(u)).toMatchObject({ is_verify: 0 });
    const second = (await get(t, u, R.verifyUrl)).body.data.url as string;
    expect(second).not.toContain(attempt);
  });

  it('the callback refuses a bad signature, a stale one, a replay and a second answer', async () => {
    const u = await user();
    const attempt = await startAdult(u);
    const good = signedCallback({ attempt });
    expect((await callback({ ...good, result: 'fail' })).body.code).toBe(2506);
    expect((await callback({ ...good, signature: 'f'.repeat(64) })).status).toBe(403);
    const stale = signedCallback({ attempt }, Date.now() - 10 * 60_000);
    expect((await callback(stale)).body.code).toBe(2506);
    const unknown = signedCallback({ attempt: 'no-such-attempt' });
    expect((await callback(unknown)).body.code).toBe(2508);

    // the same callback sent 120 times at once: one verifies, the others are replays
    const results = await Promise.all(Array.from({ length: 120 }, () => callback(good)));
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 2507)).toHaveLength(119);
    // and 120 fresh callbacks (new nonces) for the same attempt at once: still one decision
    const other = await user();
    const second = await startAdult(other);
    const fresh = await Promise.all(Array.from({ length: 120 }, () => callback(signedCallback({ attempt: second }))));
    expect(fresh.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(fresh.filter((r) => r.body.code === 2507)).toHaveLength(119);
    const messages = await t.sql("SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND kind = 'realname'", [
      uid(other),
    ]);
    expect(messages.rows[0].n).toBe(1);
    // a fresh nonce for the attempt already decided is refused too
    expect((await callback(signedCallback({ attempt, result: 'fail' }))).body.code).toBe(2507);
    expect((await get(t, u, R.info)).body.data.state).toBe('verified');
  });

  it('100 verification pages asked for at once start one attempt', async () => {
    const u = await user();
    expect((await post(t, u, R.save, { real_name: '孟浩然', id_number: ADULT_ID })).body.code).toBe(1);
    const answers = await Promise.all(Array.from({ length: 100 }, () => get(t, u, R.verifyUrl)));
    expect(new Set(answers.map((a) => a.body.data.url)).size).toBe(1);
    const { rows } = await t.sql('SELECT count(*)::int AS n FROM identity_attempts WHERE user_id = $1', [uid(u)]);
    expect(rows[0].n).toBe(1);
  });

  it('changing the details ends the open attempt: its late pass verifies nothing', async () => {
    const u = await user();
    const first = await startAdult(u, '王维');
    expect((await post(t, u, R.save, { real_name: '王摩诘', id_number: ADULT_ID })).body.code).toBe(1);
    expect((await callback(signedCallback({ attempt: first }))).body.code).toBe(2507);
    expect(await userInfo(u)).toMatchObject({ is_verify: 0 });
  });
});

describe('the authorization matrix', () => {
  it('no one reads or decides another’s identity data; calls need a session; the queue needs support', async () => {
    const [a, b] = [await user(), await user()];
    const attempt = await startAdult(a);
    // b cannot decide a's attempt
    expect((await post(t, b, R.devDecide, { attempt, result: 'pass' })).body.code).toBe(2508);
    // info answers only the caller's own state
    expect((await get(t, b, R.info)).body.data).toMatchObject({ state: 'none', id_masked: '' });
    // anonymous
    for (const [method, url] of [
      ['GET', R.info],
      ['GET', R.verifyUrl],
      ['POST', R.save],
      ['POST', R.sendNonage],
      ['POST', R.devDecide],
      ['POST', R.enterpriseSave],
    ] as const)
      expect((await call(t.app, { method, url, payload: {} })).body.code, url).toBe(1000);
    // staff without the support role
    const editor = await memberToken(['editor']);
    expect(
      (await call(t.app, { method: 'GET', url: API.admin.realname.enterpriseList, headers: { 'admin-token': editor } }))
        .body.code,
    ).toBe(2040);
    const support = await memberToken(['support']);
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: API.admin.realname.enterpriseList,
          headers: { 'admin-token': support },
        })
      ).body.code,
    ).toBe(1);
    // a musician's session is not a staff session
    expect(
      (await call(t.app, { method: 'GET', url: API.admin.realname.enterpriseList, headers: { token: a.token } })).body
        .code,
    ).toBe(1000);
  });

  it('identity files are private: no link, no file; the owner’s link works', async () => {
    const u = await minorAccount();
    expect((await sendNonage(u)).body.code).toBe(1);
    const info = (await get(t, u, R.info)).body.data;
    const link = new URL(info.guardian.consent_url, 'http://x');
    const signed = await call(t.app, { method: 'GET', url: `${link.pathname}${link.search}` });
    expect(signed.status).toBe(200);
    expect(signed.headers['content-type']).toContain('application/pdf');
    expect((await call(t.app, { method: 'GET', url: link.pathname })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `${link.pathname}?exp=1&sig=00` })).status).toBe(403);
  });
});

describe('step 3 and the letter name the legal party', () => {
  it('refuses to submit without a verified real name, saying what is missing, then names the real name', async () => {
    const u = await user();
    const id = await readyWork(u);
    const none = await post(t, u, API.publish.sign, signBody(id));
    expect(none.body).toMatchObject({ code: 2510, data: { missing: 'real_name', link: '/realidcation' } });
    const attempt = await startAdult(u, '苏轼');
    const pending = await post(t, u, API.publish.sign, signBody(id));
    expect(pending.body).toMatchObject({ code: 2511, data: { missing: 'verification', state: 'pending' } });
    await post(t, u, R.devDecide, { attempt, result: 'pass' });
    const signed = await post(t, u, API.publish.sign, signBody(id));
    expect(signed.body.data.status).toBe('200');
    expect(await letterTerms(id)).toMatchObject({ legal_party: { kind: 'person', name: '苏轼', guardian: null } });
  });
});

// ---- minors ----

async function guardianCode(mobile: string): Promise<string> {
  const sent = await call(t.app, {
    method: 'GET',
    url: `/api/sms/send?mobile=${mobile}&event=guardian`,
    remoteAddress: nextIp(),
  });
  expect(sent.body.code, JSON.stringify(sent.body)).toBe(1);
  return t.lastSmsCode(mobile, 'guardian')!;
}

const guardianMobiles = new Map<number, string>();

async function minorAccount(): Promise<Musician> {
  const mobile = freshMobile();
  const guardian = freshMobile();
  const ip = nextIp();
  expect(
    (await call(t.app, { method: 'GET', url: `/api/sms/send?mobile=${mobile}&event=register`, remoteAddress: ip })).body
      .code,
  ).toBe(1);
  const body = {
    mobile,
    code: t.lastSmsCode(mobile, 'register'),
    guardian_mobile: guardian,
    guardian_code: await guardianCode(guardian),
    password: 'Secret123',
    agree_minor_terms: true,
    terms_version: MINOR_TERMS_VERSION,
  };
  const res = await call(t.app, { method: 'POST', url: R.registerChildren, payload: body, remoteAddress: ip });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  const u = { mobile, token: res.body.data.userinfo.token, userinfo: res.body.data.userinfo };
  guardianMobiles.set(u.userinfo.id, guardian);
  return u;
}

function nonageBody(u: Musician, overrides: Record<string, unknown> = {}) {
  return {
    minor_name: '李小白',
    minor_id_number: idBorn(minorBirth(15), '456'),
    guardian_name: '李大白',
    guardian_id_number: idBorn('19800101', '789'),
    guardian_relation: 'father',
    guardian_mobile: guardianMobiles.get(uid(u)),
    consent_png: signaturePng(),
    agree: true,
    ...overrides,
  };
}
const sendNonage = (u: Musician, overrides: Record<string, unknown> = {}) =>
  post(t, u, R.sendNonage, nonageBody(u, overrides));

describe('minors', () => {
  it('registers with both mobiles’ codes and the minors’ terms', async () => {
    const mobile = freshMobile();
    const base = { mobile, code: '000000', guardian_mobile: mobile, guardian_code: '000000', password: 'Secret123' };
    const same = await call(t.app, {
      method: 'POST',
      url: R.registerChildren,
      payload: { ...base, agree_minor_terms: true, terms_version: MINOR_TERMS_VERSION },
    });
    expect(same.body.code).toBe(2516);
    const old = await call(t.app, {
      method: 'POST',
      url: R.registerChildren,
      payload: { ...base, guardian_mobile: freshMobile(), agree_minor_terms: true, terms_version: '2020-01' },
    });
    expect(old.body.code).toBe(2515);
    const noAgree = await call(t.app, {
      method: 'POST',
      url: R.registerChildren,
      payload: { ...base, agree_minor_terms: false },
    });
    expect(noAgree.body.code).not.toBe(1);
    const u = await minorAccount();
    const info = (await get(t, u, R.info)).body.data;
    expect(info).toMatchObject({ kind: 'minor', registered_as_minor: true, state: 'none', legal_party: null });
    expect(info.registered_guardian_mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
  });

  it('the supplement: adult IDs go to the adult flow, the guardian must be an adult, consent must be drawn', async () => {
    const u = await minorAccount();
    expect((await sendNonage(u, { minor_id_number: ADULT_ID })).body).toMatchObject({
      code: 2503,
      data: { flow: 'adult' },
    });
    expect((await sendNonage(u, { guardian_id_number: idBorn(minorBirth(16), '999') })).body.code).toBe(2513);
    const white = await sharp({
      create: { width: 600, height: 200, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const blank = `data:image/png;base64,${white.toString('base64')}`;
    expect((await sendNonage(u, { consent_png: blank })).body.code).toBe(2518);
    // another guardian mobile needs that mobile's code
    const other = freshMobile();
    expect((await sendNonage(u, { guardian_mobile: other })).body.code).toBe(2514);
    expect((await sendNonage(u, { guardian_mobile: other, guardian_code: await guardianCode(other) })).body.code).toBe(
      1,
    );
  });

  it('prepares but cannot submit until the guardian is verified; then the letter names the guardian', async () => {
    const u = await minorAccount();
    const id = await readyWork(u);
    const before = await post(t, u, API.publish.sign, signBody(id));
    expect(before.body).toMatchObject({ code: 2512, data: { missing: 'guardian', link: '/realidcation' } });

    const res = await sendNonage(u);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    const attempt = new URL(res.body.data.url, 'http://x').searchParams.get('attempt')!;
    const { rows } = await t.sql('SELECT subject FROM identity_attempts WHERE token = $1', [attempt]);
    expect(rows[0].subject).toBe('guardian');
    const pending = await post(t, u, API.publish.sign, signBody(id));
    expect(pending.body.code).toBe(2512);
    const info = (await get(t, u, R.info)).body.data;
    expect(info).toMatchObject({
      kind: 'minor',
      state: 'pending',
      guardian: { name_masked: '李**', relation: 'father' },
      legal_party: { kind: 'minor', name: '李小白', verified: false, guardian_name: '李大白' },
    });

    expect((await post(t, u, R.devDecide, { attempt, result: 'pass' })).body.code).toBe(1);
    expect(await userInfo(u)).toMatchObject({ is_verify: 1, real_name: '李小白' });
    expect(await legalParty(t.deps.database.db, uid(u))).toMatchObject({
      kind: 'minor',
      name: '李小白',
      verified: true,
      guardianName: '李大白',
      payeeName: '李大白',
    });
    const signed = await post(t, u, API.publish.sign, signBody(id));
    expect(signed.body.data.status).toBe('200');
    expect(await letterTerms(id)).toMatchObject({ legal_party: { kind: 'minor', name: '李小白', guardian: '李大白' } });
  });

  it('turns into an adult’s account on the 18th birthday', async () => {
    const u = await minorAccount();
    const birth = minorBirth(17);
    const res = await sendNonage(u, { minor_id_number: idBorn(birth, '321') });
    const attempt = new URL(res.body.data.url, 'http://x').searchParams.get('attempt')!;
    await post(t, u, R.devDecide, { attempt, result: 'pass' });
    const adultDay = `${Number(birth.slice(0, 4)) + 18}-01-01`;
    const dayBefore = `${Number(birth.slice(0, 4)) + 17}-12-31`;
    expect((await legalParty(t.deps.database.db, uid(u), dayBefore))?.kind).toBe('minor');
    expect(await legalParty(t.deps.database.db, uid(u), adultDay)).toMatchObject({
      kind: 'person',
      name: '李小白',
      verified: true,
      payeeName: '李小白',
    });
  });
});

// ---- enterprises ----

const adminGet = (url: string) => call(t.app, { method: 'GET', url, headers: { 'admin-token': admin } });
const adminPost = (url: string, payload: object) =>
  call(t.app, { method: 'POST', url, payload, headers: { 'admin-token': admin } });

async function enterprise(company = '星河测试唱片有限公司'): Promise<{ u: Musician; licence: string }> {
  const u = await user({ group_id: 2, company_name: company });
  const licence = await uploadSmall(t, u, pngImage(800, 560, 3), 'licence.png', 'image/png');
  return { u, licence };
}
const enterpriseBody = (licence: string, overrides: Record<string, unknown> = {}) => ({
  company_name: '星河测试唱片有限公司',
  credit_code: '91350100M000100Y43',
  licence_key: licence,
  contact_name: '王小明',
  contact_mobile: '13900001111',
  ...overrides,
});

describe('enterprises', () => {
  it('submits checked details, waits in the queue, is approved: is_verify 1 and the letter names the company', async () => {
    const { u, licence } = await enterprise();
    const individual = await user();
    expect((await post(t, individual, R.enterpriseSave, enterpriseBody(licence))).body.code).toBe(2520);
    expect(
      (await post(t, u, R.enterpriseSave, enterpriseBody(licence, { credit_code: '91350100M000100Y44' }))).body.code,
    ).toBe(2521);
    // another account's licence is not yours to submit
    const other = await enterprise('别家公司');
    expect((await post(t, u, R.enterpriseSave, enterpriseBody(other.licence))).body.code).toBe(2522);

    const id = await readyWork(u);
    const saved = await post(t, u, R.enterpriseSave, enterpriseBody(licence));
    expect(saved.body).toMatchObject({ code: 1, data: { state: 'pending', credit_code_masked: '9135***********Y43' } });
    expect((await post(t, u, API.publish.sign, signBody(id))).body).toMatchObject({
      code: 2511,
      data: { link: '/realidcation/enterprise' },
    });

    const queue = await adminGet(`${API.admin.realname.enterpriseList}?state=pending&limit=100`);
    expect(queue.body.data.list.map((r: { user_id: number }) => r.user_id)).toContain(uid(u));
    const detail = await adminGet(`${API.admin.realname.enterpriseDetail}?user_id=${uid(u)}`);
    const link = new URL(detail.body.data.licence_url, 'http://x');
    expect((await call(t.app, { method: 'GET', url: `${link.pathname}${link.search}` })).status).toBe(200);

    // approved twice at once: one decides
    const both = await Promise.all([
      adminPost(API.admin.realname.enterpriseApprove, { user_id: uid(u) }),
      adminPost(API.admin.realname.enterpriseApprove, { user_id: uid(u) }),
    ]);
    expect(both.map((r) => r.body.code).sort()).toEqual([1, 2523]);
    expect(await userInfo(u)).toMatchObject({ is_verify: 1, group_id: 2 });
    expect((await get(t, u, R.info)).body.data.enterprise).toMatchObject({ state: 'verified' });
    expect((await post(t, u, API.publish.sign, signBody(id))).body.data.status).toBe('200');
    expect(await letterTerms(id)).toMatchObject({ legal_party: { kind: 'enterprise', name: '星河测试唱片有限公司' } });
    // the same credit code cannot be verified on a second account
    const second = await enterprise('星河测试唱片有限公司');
    expect((await post(t, second.u, R.enterpriseSave, enterpriseBody(second.licence))).body.code).toBe(2525);
  });

  it('a refusal needs a reason, which the account sees; it may submit again', async () => {
    const { u, licence } = await enterprise('海潮测试文化有限公司');
    const code = validCode('91110108MA01ABCD0');
    expect((await post(t, u, R.enterpriseSave, enterpriseBody(licence, { credit_code: code }))).body.code).toBe(1);
    expect((await adminPost(API.admin.realname.enterpriseRefuse, { user_id: uid(u), reason: ' ' })).body.code).toBe(
      2526,
    );
    expect(
      (await adminPost(API.admin.realname.enterpriseRefuse, { user_id: uid(u), reason: '营业执照模糊' })).body.code,
    ).toBe(1);
    expect((await get(t, u, R.info)).body.data.enterprise).toMatchObject({
      state: 'refused',
      refuse_reason: '营业执照模糊',
    });
    expect((await adminPost(API.admin.realname.enterpriseApprove, { user_id: uid(u) })).body.code).toBe(2523);
    expect((await post(t, u, R.enterpriseSave, enterpriseBody(licence, { credit_code: code }))).body.data.state).toBe(
      'pending',
    );
  });

  it('the demo enterprise waits in the queue', async () => {
    const queue = await adminGet(`${API.admin.realname.enterpriseList}?state=pending&limit=100`);
    expect(queue.body.data.list.map((r: { mobile: string }) => r.mobile)).toContain('13800138001');
  });
});

function validCode(first17: string): string {
  const charset = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += charset.indexOf(first17[i]!) * weights[i]!;
  return first17 + charset[(31 - (sum % 31)) % 31];
}

describe('a real provider by configuration (IDENTITY_PROVIDER=http)', () => {
  it('posts the signed request to the provider, answers its page, and turns the development page off', async () => {
    const seen: Array<{ body: string; signature: string }> = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        seen.push({ body, signature: String(req.headers['x-trackline-signature']) });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ url: 'https://verify.example.com/face?session=abc' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const secret = 'a-provider-secret-of-ours';
    const other = await createTestApp({
      IDENTITY_PROVIDER: 'http',
      IDENTITY_PROVIDER_URL: `http://127.0.0.1:${port}/start`,
      IDENTITY_CALLBACK_SECRET: secret,
      SEED_DEMO: 'false',
    });
    try {
      const u = await registerUser(other, {}, nextIp());
      const h = { token: u.token };
      await call(other.app, {
        method: 'POST',
        url: R.save,
        headers: h,
        payload: { real_name: '白居易', id_number: ADULT_ID },
      });
      const url = await call(other.app, { method: 'GET', url: R.verifyUrl, headers: h });
      expect(url.body.data.url).toBe('https://verify.example.com/face?session=abc');
      expect(seen).toHaveLength(1);
      const sent = JSON.parse(seen[0]!.body);
      expect(sent).toMatchObject({
        name: '白居易',
        id_number: ADULT_ID,
        callback_url: expect.stringContaining(R.callback),
      });
      expect(seen[0]!.signature).toBe(createHmac('sha256', secret).update(seen[0]!.body).digest('hex'));
      expect(
        (
          await call(other.app, {
            method: 'POST',
            url: R.devDecide,
            headers: h,
            payload: { attempt: sent.attempt, result: 'pass' },
          })
        ).body.code,
      ).toBe(2509);
      // the provider's callback, signed with the configured secret
      const fields = {
        attempt: sent.attempt,
        result: 'pass',
        reason: '',
        nonce: randomUUID(),
        timestamp: Math.floor(Date.now() / 1000),
      };
      const ok = await call(other.app, {
        method: 'POST',
        url: R.callback,
        payload: { ...fields, signature: callbackSignature(secret, fields) },
      });
      expect(ok.body).toMatchObject({ code: 1, data: { state: 'verified' } });
    } finally {
      await other.close();
      server.close();
    }
  });
});
