/**
 * Private files (issue 8): a musician's audio, signed letters and work-order attachments are read only through
 * short-lived signed links, minted for the owner and for staff whose role needs the file (editors: works' files;
 * support: work-order attachments). The raw /files/<key> of such a file serves nothing; covers stay public.
 */
import { createHash } from 'node:crypto';
import { API } from '@trackline/contract/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateFileUrl } from '../src/modules/storage/file-access';
import { multipart } from './files';
import { ADMIN_PASSWORD, call, createTestApp, ipSequence, registerUser, staffLogin, type TestApp } from './harness';
import { infoBody, type Musician, post, uploadBasics, uploadSmall, validCover } from './work-client';

let t: TestApp;
let admin: string;
let editor: string;
let support: string;
let content: string;

const nextIp = ipSequence(181);
const musician = (): Promise<Musician> => registerUser(t, {}, nextIp());

let memberSeq = 0;
async function member(roles: string[]): Promise<string> {
  const username = `pf${process.pid}_${++memberSeq}`;
  const password = 'Member2026x';
  const res = await call(t.app, {
    method: 'POST',
    url: API.admin.staffCreate,
    headers: { 'admin-token': admin },
    payload: { username, name: username, password, roles },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return staffLogin(t, username, password);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffLogin(t, 'admin', ADMIN_PASSWORD);
  editor = await member(['editor']);
  support = await member(['support']);
  content = await member(['content']);
});
afterAll(async () => {
  await t?.close();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const open = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** A refusal of a file read: the status, and no byte of the file in the answer (an envelope at most). */
async function expectRefused(url: string, status: number, stored: Buffer) {
  const res = await open(url);
  expect(res.statusCode, url).toBe(status);
  expect(res.rawPayload.length).toBeLessThan(400);
  expect(res.rawPayload.includes(stored.subarray(0, 64))).toBe(false);
  return res;
}

/** A single with a cover and an audio of the musician's own, through the real calls; answers its detail. */
async function singleWork(u: Musician) {
  const keys = await uploadBasics(t, u);
  const created = await post(t, u, API.publish.create, { kind: 'single' });
  expect(created.body.code, JSON.stringify(created.body)).toBe(1);
  const id = created.body.data.id as number;
  const saved = await post(t, u, API.publish.saveInfo, infoBody(id, keys));
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(1);
  const detail = await call(t.app, {
    method: 'GET',
    url: `${API.publish.detail}?id=${id}`,
    headers: { token: u.token },
  });
  expect(detail.body.code).toBe(1);
  return { id, keys, detail: detail.body.data };
}

describe("a musician's audio", () => {
  it('reads for its owner through a signed link, and never through its raw URL', async () => {
    const u = await musician();
    const { keys, detail } = await singleWork(u);
    const stored = (await t.deps.storage.get(keys.audio))!;
    const audio = detail.tracks[0].materials.find((m: { kind: string }) => m.kind === 'music');
    expect(audio.url).toMatch(new RegExp(`^/files/${keys.audio}\\?exp=\\d+&sig=[0-9a-f]{64}$`));

    const read = await open(audio.url);
    expect(read.statusCode).toBe(200);
    expect(sha(read.rawPayload)).toBe(sha(stored));
    expect(read.headers['cache-control']).toBe('private, max-age=300');
    expect(read.headers['content-security-policy']).toContain('sandbox');
    // Players seek with byte ranges: the same link serves them.
    const part = await open(audio.url, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(stored.subarray(0, 100))).toBe(true);

    // The raw URL, however spelled, serves nothing and tells nothing.
    const raw = await expectRefused(`/files/${keys.audio}`, 404, stored);
    expect(raw.json().code).toBe(2044);
    await expectRefused(`/%66iles/${keys.audio}`, 404, stored);
    await expectRefused(`/files//${keys.audio}`, 404, stored);
    await expectRefused(`/files/${keys.audio.replace('users/', 'users/./')}`, 404, stored);
  });

  it('gives no link to another musician or an anonymous caller, and refuses a tampered or expired link', async () => {
    const u = await musician();
    const other = await musician();
    const { id, keys, detail } = await singleWork(u);
    const stored = (await t.deps.storage.get(keys.audio))!;
    const asOther = await call(t.app, {
      method: 'GET',
      url: `${API.publish.detail}?id=${id}`,
      headers: { token: other.token },
    });
    expect(asOther.body.code).toBe(2100);
    expect(JSON.stringify(asOther.body)).not.toContain(keys.audio);
    const anonymous = await call(t.app, { method: 'GET', url: `${API.publish.detail}?id=${id}` });
    expect(anonymous.body.code).toBe(1000);

    const url: string = detail.tracks[0].materials.find((m: { kind: string }) => m.kind === 'music').url;
    const sig = /sig=([0-9a-f]+)/.exec(url)![1]!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    const tampered = await expectRefused(url.replace(sig, flipped), 403, stored);
    expect(tampered.json().code).toBe(2220);
    // A later expiry with the same signature, and the link of one file used for another.
    const exp = Number(/exp=(\d+)/.exec(url)![1]);
    await expectRefused(url.replace(`exp=${exp}`, `exp=${exp + 86_400}`), 403, stored);
    const otherWork = await singleWork(other);
    await expectRefused(url.replace(keys.audio, otherWork.keys.audio), 403, stored);
    await expectRefused(`/files/${keys.audio}?exp=${exp}`, 403, stored);

    const expired = await privateFileUrl(t.deps, keys.audio, -120);
    const late = await expectRefused(expired, 403, stored);
    expect(late.json().code).toBe(2220);
    expect(late.json().msg).toBe('文件链接无效或已过期，请回到页面重新打开');
  });

  it('reads for an editor through the review call; staff without the role get no link', async () => {
    const u = await musician();
    const { id, keys } = await singleWork(u);
    const stored = (await t.deps.storage.get(keys.audio))!;
    const review = await call(t.app, {
      method: 'GET',
      url: `${API.admin.reviewDetail}?id=${id}`,
      headers: { 'admin-token': editor },
    });
    expect(review.body.code, JSON.stringify(review.body)).toBe(1);
    const read = await open(review.body.data.audio[0].url);
    expect(read.statusCode).toBe(200);
    expect(sha(read.rawPayload)).toBe(sha(stored));
    for (const token of [support, content]) {
      const refused = await call(t.app, {
        method: 'GET',
        url: `${API.admin.reviewDetail}?id=${id}`,
        headers: { 'admin-token': token },
      });
      expect(refused.body.code).toBe(2040);
      expect(JSON.stringify(refused.body)).not.toContain(keys.audio);
    }
  });
});

describe('covers', () => {
  it('stay public once attached to a work, at their plain URL', async () => {
    const u = await musician();
    const { keys, detail } = await singleWork(u);
    expect(detail.cover.url).toBe(`/files/${keys.cover}`);
    const read = await open(detail.cover.url);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(validCover())).toBe(true);
    expect(read.headers['cache-control']).toContain('public');
  });

  it('are private like any upload until then', async () => {
    const u = await musician();
    const key = await uploadSmall(t, u, validCover(), 'next-cover.png', 'image/png');
    await expectRefused(`/files/${key}`, 404, validCover());
  });
});

describe('signed authorization letters', () => {
  it('are never served at a raw URL (read only through the owner and editor calls)', async () => {
    const u = await musician();
    const letter = Buffer.from('%PDF-1.7\n% a signed letter\n');
    const key = `users/${u.userinfo.id}/authorizations/00000000-0000-4000-8000-000000000001.pdf`;
    await t.deps.storage.put(key, letter, 'application/pdf');
    await expectRefused(`/files/${key}`, 404, letter);
    const link = await open(await privateFileUrl(t.deps, key));
    expect(link.rawPayload.equals(letter)).toBe(true);
  });
});

describe('work-order attachments', () => {
  it('read for the owner and support staff through signed links; editors and others get none', async () => {
    const u = await musician();
    const other = await musician();
    const pdf = Buffer.from('%PDF-1.4\n% contract scan of a private matter\n');
    const form = await multipart(pdf, 'contract.pdf', 'application/pdf');
    const uploaded = await call(t.app, {
      method: 'POST',
      url: API.commonUpload,
      payload: form.payload,
      headers: { token: u.token, 'content-type': form.contentType },
    });
    expect(uploaded.body.code).toBe(1);
    const key = uploaded.body.data.key as string;
    // The upload's own answer is a link for its uploader.
    expect(uploaded.body.data.url).toMatch(/\?exp=\d+&sig=/);
    expect((await open(uploaded.body.data.url)).rawPayload.equals(pdf)).toBe(true);
    await expectRefused(`/files/${key}`, 404, pdf);

    const created = await post(t, u, API.workorderCreate, {
      type: 1,
      title: '合同问题',
      content: '附件是合同扫描件',
      attachments: [key],
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(1);
    const id = created.body.data.id as number;

    const mine = await call(t.app, {
      method: 'GET',
      url: `${API.workorderDetail}?id=${id}`,
      headers: { token: u.token },
    });
    const ownUrl = mine.body.data.replies[0].attachments[0].url as string;
    expect((await open(ownUrl)).rawPayload.equals(pdf)).toBe(true);

    const theirs = await call(t.app, {
      method: 'GET',
      url: `${API.workorderDetail}?id=${id}`,
      headers: { token: other.token },
    });
    expect(theirs.body.code).toBe(2070);

    const bySupport = await call(t.app, {
      method: 'GET',
      url: `${API.admin.workorderDetail}?id=${id}`,
      headers: { 'admin-token': support },
    });
    expect(bySupport.body.code).toBe(1);
    expect((await open(bySupport.body.data.replies[0].attachments[0].url)).rawPayload.equals(pdf)).toBe(true);

    const byEditor = await call(t.app, {
      method: 'GET',
      url: `${API.admin.workorderDetail}?id=${id}`,
      headers: { 'admin-token': editor },
    });
    expect(byEditor.body.code).toBe(2040);
    expect(JSON.stringify(byEditor.body)).not.toContain(key);
  });
});
