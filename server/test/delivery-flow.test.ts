/**
 * Delivery end to end, on the real server and database: a work published through the real calls and approved by an
 * editor goes to its stores — Spotify over SFTP to a loopback server read by a test store, QQ Music into its local
 * folder — and the musician's rows follow it: delivered is not live, a store's refusal comes back translated with
 * who must act, live from the store's acknowledgement and the release date, the work's 991 derived from the stores;
 * a late second acknowledgement; a takedown and a restore; the XML kept immutable; a worker killed mid-batch.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpsBatchDetail, WorkDistribution } from '@trackline/contract/distribution-types';
import { API } from '@trackline/contract/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollAcknowledgements } from '../src/modules/distribution/delivery-acks';
import { runDeliveries } from '../src/modules/distribution/delivery-run';
import {
  call,
  createTestApp,
  ipSequence,
  type registerUser,
  registerVerifiedUser,
  staffLogin,
  type TestApp,
} from './harness';
import { startSftpServer, type TestSftpServer } from './sftp-server';
import { TestStore } from './test-store';
import { get, infoBody, post, scopeBody, signBody, uploadBasics } from './work-client';

let t: TestApp;
let server: TestSftpServer;
let store: TestStore;
let storeRoot: string;
let work: string;
let admin: string;
const nextIp = ipSequence(141);

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'trackline-delivery-'));
  storeRoot = path.join(work, 'spotify');
  await mkdir(storeRoot);
  server = await startSftpServer(storeRoot, { writeDelayMs: 30 });
  store = new TestStore(storeRoot);
  t = await createTestApp({ DELIVERY_CREDENTIALS: JSON.stringify({ spotify: { password: server.password } }) });
  await t.sql(
    `UPDATE platforms SET transport = 'sftp', address = $1, username = $2, credential_ref = 'spotify',
       host_key_sha256 = $3, folder = '/', live_confirmation = 'ack' WHERE code = 'spotify'`,
    [`127.0.0.1:${server.port}`, server.username, server.hostKeySha256],
  );
  admin = await staffLogin(t);
});

afterAll(async () => {
  await t?.close();
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const adminPost = (url: string, payload: object) =>
  call(t.app, { method: 'POST', url, payload, headers: { 'admin-token': admin } });
const adminGet = (url: string) => call(t.app, { method: 'GET', url, headers: { 'admin-token': admin } });

type Musician = Awaited<ReturnType<typeof registerUser>>;

/** A single published through the real calls and approved by an editor: 990, queued for QQ Music and Spotify. */
async function approvedWork(title: string, scope: Record<string, unknown> = {}): Promise<{ u: Musician; id: number }> {
  const u = await registerVerifiedUser(t, {}, nextIp());
  const files = await uploadBasics(t, u);
  const { id } = (await post(t, u, API.publish.create, { kind: 'single' })).body.data;
  const info = infoBody(id, files, { title, p_line: '℗ 2026 林一', c_line: '© 2026 林一' });
  expect((await post(t, u, API.publish.saveInfo, info)).body.code).toBe(1);
  expect((await post(t, u, API.publish.saveScope, scopeBody(id, scope))).body.code).toBe(1);
  expect((await post(t, u, API.publish.sign, signBody(id))).body.code).toBe(1);
  for (const _ of [1, 2]) expect((await adminPost(API.admin.reviewApprove, { id })).body.code).toBe(1);
  return { u, id };
}

/**
 * A change to a live work through the real calls (the 1-suffix statuses): the title (the files kept), the scope
 * (`platforms` when given, the same release date), signed, and approved twice by an editor.
 */
async function approveChange(w: { u: Musician; id: number }, title: string, platforms?: string[]) {
  expect((await post(t, w.u, API.publish.startChange, { id: w.id })).body.code).toBe(1);
  const live = (await get(t, w.u, `${API.publish.detail}?id=${w.id}`)).body.data;
  const info = infoBody(
    w.id,
    { cover: live.cover.key },
    {
      title,
      p_line: '℗ 2026 林一',
      c_line: '© 2026 林一',
      tracks: [
        { id: live.tracks[0].id, title: '夜航', primary_artists: ['林一'], lyricist: ['林一'], composer: ['林一'] },
      ],
    },
  );
  const scope = scopeBody(w.id, { ...(platforms ? { platforms } : {}), release_date: live.release_date });
  for (const [path, body] of [
    [API.publish.saveInfo, info],
    [API.publish.saveScope, scope],
    [API.publish.sign, signBody(w.id)],
  ] as const) {
    const res = await post(t, w.u, path, body);
    expect(res.body.code, `${path}: ${JSON.stringify(res.body)}`).toBe(1);
  }
  for (const _ of [1, 2]) {
    const res = await adminPost(API.admin.reviewApprove, { id: w.id });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  }
}

async function rows(u: Musician, id: number, lang = 'zh-CN'): Promise<WorkDistribution> {
  const res = await get(t, u, `${API.distribution.stores}?id=${id}`, { 'accept-language': lang });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return res.body.data;
}
const stateOf = (d: WorkDistribution) => Object.fromEntries(d.stores.map((s) => [s.code, s.state]));
const statusOf = async (id: number) => (await t.sql('SELECT status FROM works WHERE id = $1', [id])).rows[0].status;

describe('a release on its way to the stores', () => {
  let first: { u: Musician; id: number };

  it('is queued at approval, delivered to both stores, and delivered is not live', async () => {
    first = await approvedWork('夜航');
    expect(stateOf(await rows(first.u, first.id))).toEqual({ qq_music: 'queued', spotify: 'queued' });
    // The approval added the work's delivery job in its transaction: the job runs the steps.
    const { rows: jobs } = await t.sql(
      "SELECT key FROM graphile_worker.jobs WHERE task_identifier = 'distribution:deliver'",
    );
    expect(jobs.map((j) => j.key)).toContain(`distribution:deliver:${first.id}`);
    expect((await t.runJobs()).succeeded).toBeGreaterThanOrEqual(1);
    const d = await rows(first.u, first.id);
    expect(stateOf(d)).toEqual({ qq_music: 'delivered', spotify: 'delivered' });
    const spotify = d.stores.find((s) => s.code === 'spotify')!;
    expect(spotify.expected_live).not.toBeNull();
    expect(spotify.confirms).toBe('store');
    expect(await statusOf(first.id)).toBe('990');
    // Both stores hold the batch: QQ Music in its folder under DELIVERY_DIR, Spotify on the SFTP server.
    const qqDir = path.join(t.deps.config.delivery.dir, 'qq_music');
    const qqBatch = (await readdir(qqDir)).find((n) => n.startsWith('N_'))!;
    expect(await readdir(path.join(qqDir, qqBatch))).toContain(`BatchComplete_${qqBatch.slice(2)}.xml`);
    const { rows: msgs } = await t.sql(
      "SELECT message_id, xml FROM delivery_messages WHERE work_id = $1 AND platform_code = 'spotify'",
      [first.id],
    );
    expect(msgs[0].xml).toContain('<ReleaseType>Single</ReleaseType>');
  });

  it('the store accepts; live once the release date comes; the work is 991 when no store is on its way', async () => {
    expect((await store.ingest()).map((a) => a.status)).toEqual(['FileOK']);
    await pollAcknowledgements(t.deps);
    expect(stateOf(await rows(first.u, first.id)).spotify).toBe('acknowledged');
    // The release date comes.
    await t.sql("UPDATE works SET release_date = (now() AT TIME ZONE 'Asia/Shanghai')::date WHERE id = $1", [first.id]);
    await pollAcknowledgements(t.deps);
    const d = await rows(first.u, first.id);
    expect(d.stores.find((s) => s.code === 'spotify')).toMatchObject({ state: 'live', live_by: 'store' });
    // QQ Music confirms nothing: still on its way until an editor says it is live.
    expect(await statusOf(first.id)).toBe('990');
    const qqMessage = (
      await t.sql("SELECT id FROM delivery_messages WHERE work_id = $1 AND platform_code = 'qq_music'", [first.id])
    ).rows[0].id;
    expect((await adminPost(API.admin.distribution.markLive, { id: qqMessage })).body.code).toBe(1);
    expect(await statusOf(first.id)).toBe('991');
    const history = (await get(t, first.u, `${API.publish.history}?id=${first.id}`)).body.data;
    expect(history.at(-1)).toMatchObject({ from: '990', to: '991', actor: 'system', action: 'stores_live' });
  });

  it('keeps the XML sent immutable', async () => {
    await expect(
      t.sql("UPDATE delivery_messages SET xml = 'x', xml_sha256 = repeat('0', 64) WHERE work_id = $1", [first.id]),
    ).rejects.toThrow(/immutable/);
  });

  it("a store's refusal comes back translated, naming who acts; a late second acknowledgement fails a live store", async () => {
    const second = await approvedWork('晨光');
    await runDeliveries(t.deps, second.id);
    // The file the store received is damaged on its way (flip bytes of the cover in the store's copy).
    const batch = (await readdir(storeRoot))
      .filter((n) => n.startsWith('N_'))
      .sort()
      .at(-1)!;
    const upc = (await readdir(path.join(storeRoot, batch))).find((n) => /^\d+$/.test(n))!;
    const res = path.join(storeRoot, batch, upc, 'resources');
    const cover = (await readdir(res)).find((n) => n.endsWith('.png'))!;
    const bytes = await readFile(path.join(res, cover));
    bytes[bytes.length - 10] = bytes[bytes.length - 10]! ^ 0xff;
    await writeFile(path.join(res, cover), bytes);
    expect((await store.ingest()).map((a) => a.status)).toEqual(['ResourceCorrupt']);
    await pollAcknowledgements(t.deps);
    const zh = (await rows(second.u, second.id)).stores.find((s) => s.code === 'spotify')!;
    expect(zh).toMatchObject({
      state: 'failed',
      failure: { rule: 'ack.ResourceCorrupt', who: 'staff', reason: '平台收到的文件已损坏' },
    });
    const en = (await rows(second.u, second.id, 'en')).stores.find((s) => s.code === 'spotify')!;
    expect(en.failure?.reason).toBe('The store found a file damaged');
    const notices = (await get(t, second.u, `${API.messageList}?page=1&limit=20`)).body.data;
    expect(JSON.stringify(notices)).toContain('发送到Spotify未成功');

    // The first release, live at Spotify, gets a second acknowledgement: a problem found after ingestion.
    const firstMessage = (
      await t.sql("SELECT message_id FROM delivery_messages WHERE work_id = $1 AND platform_code = 'spotify'", [
        first.id,
      ])
    ).rows[0].message_id;
    await store.lateError(firstMessage, 'ResourceNotMeetingSpecifications', 'clipping');
    await pollAcknowledgements(t.deps);
    const late = (await rows(first.u, first.id)).stores.find((s) => s.code === 'spotify')!;
    expect(late).toMatchObject({
      state: 'failed',
      failure: { rule: 'ack.ResourceNotMeetingSpecifications', who: 'musician' },
    });

    // The console lists the refusal by store and rule.
    const ops = await adminGet(API.admin.distribution.overview);
    expect(ops.body.code, JSON.stringify(ops.body).slice(0, 300)).toBe(1);
    expect(ops.body.data.failed.map((m: { failure_rule: string }) => m.failure_rule)).toContain('ack.ResourceCorrupt');
    const spotifyOps = ops.body.data.stores.find((s: { code: string }) => s.code === 'spotify');
    expect(spotifyOps.failures).toContainEqual({ rule: 'ack.ResourceCorrupt', count: 1 });

    // Staff redeliver with full assets: a new message, delivered again.
    const redo = await adminPost(API.admin.distribution.redeliver, {
      work_id: second.id,
      platform_code: 'spotify',
      scope: 'full',
    });
    expect(redo.body.code).toBe(1);
    await runDeliveries(t.deps, second.id);
    expect((await store.ingest()).map((a) => a.status)).toEqual(['FileOK']);
    const diff = (await adminGet(`${API.admin.distribution.diff}?work_id=${second.id}&platform_code=spotify`)).body
      .data;
    expect(diff.lines.some((l: { op: string; text: string }) => l.op === '+' && l.text.includes('<MessageId>'))).toBe(
      true,
    );
  });

  it('a takedown goes to every store, the work is 992, and a restore brings it back', async () => {
    const refused = await post(t, first.u, API.distribution.takedown, { id: first.id, platforms: 'all' });
    expect(refused.body.code).toBe(2001);
    const res = await post(t, first.u, API.distribution.takedown, { id: first.id, platforms: 'all', confirm: true });
    expect(res.body).toMatchObject({ code: 1, data: { status: '992' } });
    await runDeliveries(t.deps, first.id);
    expect((await store.ingest()).map((a) => a.status)).toEqual(['FileOK']);
    await pollAcknowledgements(t.deps);
    const d = await rows(first.u, first.id);
    expect(stateOf(d)).toEqual({ qq_music: 'taken_down', spotify: 'taken_down' });
    expect(d.can_restore.sort()).toEqual(['qq_music', 'spotify']);
    const { rows: sent } = await t.sql(
      "SELECT xml FROM delivery_messages WHERE work_id = $1 AND platform_code = 'spotify' AND action = 'takedown'",
      [first.id],
    );
    expect(sent[0].xml).not.toContain('<DealList>');

    expect((await post(t, first.u, API.distribution.restore, { id: first.id })).body.data.status).toBe('990');
    await runDeliveries(t.deps, first.id);
    const { rows: restated } = await t.sql(
      "SELECT xml FROM delivery_messages WHERE work_id = $1 AND platform_code = 'spotify' ORDER BY id DESC LIMIT 1",
      [first.id],
    );
    expect(restated[0].xml).toContain('<DealList>');
    // The store still holds the files: restated, not sent again.
    expect(restated[0].xml).not.toContain('<IsProvidedInDelivery>true');
  });
});

describe('a worker killed in the middle of a batch', () => {
  it('resumes the same batch: no second batch, no BatchComplete before every file is there', async () => {
    await store.ingest(); // what earlier tests left unread
    const w = await approvedWork('断点');
    await t.sql("UPDATE platforms SET delivery_enabled = false WHERE code = 'qq_music'");
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'delivery-crash-child.ts')],
      {
        env: {
          ...process.env,
          DATABASE_URL: t.deps.config.databaseUrl,
          DATA_DIR: t.deps.config.dataDir,
          LOG_LEVEL: 'silent',
          DELIVERY_CREDENTIALS: JSON.stringify({ spotify: { password: server.password } }),
          CRASH_WORK_ID: String(w.id),
        },
        stdio: 'ignore',
      },
    );
    // Killed as soon as the first file of the batch has its real name.
    const before = new Set(await readdir(storeRoot));
    let folder = '';
    for (let i = 0; i < 1500 && !folder; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const fresh = (await readdir(storeRoot)).find((n) => n.startsWith('N_') && !before.has(n));
      if (!fresh) continue;
      const releaseDir = (await readdir(path.join(storeRoot, fresh))).find((n) => /^\d+$/.test(n));
      const resources = releaseDir && path.join(storeRoot, fresh, releaseDir, 'resources');
      if (resources && existsSync(resources) && (await readdir(resources)).some((n) => !n.endsWith('.part')))
        folder = fresh;
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(folder).not.toBe('');
    expect((await readdir(path.join(storeRoot, folder))).some((n) => n.startsWith('BatchComplete'))).toBe(false);
    expect(await store.ingest()).toEqual([]);

    // The lease of the dead worker runs out; the next run resumes.
    await t.sql("UPDATE delivery_messages SET lease_until = now() - interval '1 second' WHERE work_id = $1", [w.id]);
    await runDeliveries(t.deps, w.id);
    const { rows: batches } = await t.sql(
      "SELECT b.folder FROM delivery_batches b JOIN delivery_messages m ON m.batch_id = b.id WHERE m.work_id = $1 AND b.platform_code = 'spotify'",
      [w.id],
    );
    expect(batches.map((b) => b.folder)).toEqual([folder]);
    expect((await readdir(storeRoot)).filter((n) => n.startsWith('N_') && !before.has(n))).toEqual([folder]);
    expect((await store.ingest()).map((a) => a.status)).toEqual(['FileOK']);
    await t.sql("UPDATE platforms SET delivery_enabled = true WHERE code = 'qq_music'");
  }, 60_000);
});

describe('staff hold a store, and redeliver its metadata only', () => {
  it('nothing leaves for a held store until it is released; a metadata-only redelivery sends no file', async () => {
    await store.ingest(); // what earlier tests left unread
    const hold = (held: boolean) => adminPost(API.admin.distribution.hold, { code: 'spotify', held, reason: '维护' });
    expect((await hold(true)).body.code).toBe(1);
    const w = await approvedWork('暂停');
    await runDeliveries(t.deps, w.id);
    // QQ Music gets it; Spotify's message waits in the queue, and the console says the store is held.
    expect(stateOf(await rows(w.u, w.id))).toEqual({ qq_music: 'delivered', spotify: 'queued' });
    expect(await store.ingest()).toEqual([]);
    const ops = (await adminGet(API.admin.distribution.overview)).body.data;
    expect(ops.stores.find((s: { code: string }) => s.code === 'spotify')).toMatchObject({ held: true });

    expect((await hold(false)).body.code).toBe(1);
    await runDeliveries(t.deps, w.id);
    expect(stateOf(await rows(w.u, w.id)).spotify).toBe('delivered');
    expect((await store.ingest()).map((a) => a.status)).toEqual(['FileOK']);

    const redo = await adminPost(API.admin.distribution.redeliver, {
      work_id: w.id,
      platform_code: 'spotify',
      scope: 'metadata',
    });
    expect(redo.body.code, JSON.stringify(redo.body)).toBe(1);
    await runDeliveries(t.deps, w.id);
    const { rows: last } = await t.sql(
      "SELECT state, xml FROM delivery_messages WHERE work_id = $1 AND platform_code = 'spotify' ORDER BY id DESC LIMIT 1",
      [w.id],
    );
    expect(last[0].state).toBe('delivered');
    // The release restated in full, its files listed as what the store already holds.
    expect(last[0].xml).toContain('<IsProvidedInDelivery>false');
    expect(last[0].xml).not.toContain('<IsProvidedInDelivery>true');
  }, 60_000);
});

describe('a change to a live work', () => {
  it('once approved, is restated to each store in full, the files the store holds listed and not sent', async () => {
    await store.ingest(); // what earlier tests left unread
    const w = await approvedWork('旧名');
    await runDeliveries(t.deps, w.id);
    expect((await store.ingest()).map((a) => a.status)).toEqual(['FileOK']);
    const online = await adminPost(API.admin.reviewOnline, { id: w.id, before_release: true });
    expect(online.body.code, JSON.stringify(online.body)).toBe(1);
    expect(await statusOf(w.id)).toBe('991');

    // The musician changes the title (a change: the 1-suffix statuses), keeping the files; an editor approves it.
    await approveChange(w, '新名');
    expect(await statusOf(w.id)).toBe('990');

    await runDeliveries(t.deps, w.id);
    const { rows: sent } = await t.sql(
      "SELECT action, state, xml FROM delivery_messages WHERE work_id = $1 AND platform_code = 'spotify' ORDER BY id",
      [w.id],
    );
    expect(sent.map((m) => [m.action, m.state])).toEqual([
      ['insert', 'live'],
      ['update', 'delivered'],
    ]);
    const update = sent[1].xml as string;
    expect(update).toContain('<TitleText>新名</TitleText>');
    expect(update).toContain('<DealList>');
    expect(update).toContain('<IsProvidedInDelivery>false');
    expect(update).not.toContain('<IsProvidedInDelivery>true');
    expect((await store.ingest()).map((a) => a.status)).toEqual(['FileOK']);
  }, 60_000);
});

describe('a change that drops a store', () => {
  it('takes the release down at the dropped store; the stores still chosen get the update', async () => {
    await store.ingest(); // what earlier tests left unread
    const w = await approvedWork('告别');
    await runDeliveries(t.deps, w.id);
    expect((await store.ingest()).map((a) => a.status)).toEqual(['FileOK']);
    await pollAcknowledgements(t.deps);
    const online = await adminPost(API.admin.reviewOnline, { id: w.id, before_release: true });
    expect(online.body.code, JSON.stringify(online.body)).toBe(1);
    expect(await statusOf(w.id)).toBe('991');

    // The change keeps QQ Music only; an editor approves it.
    await approveChange(w, '告别', ['qq_music']);
    expect(await statusOf(w.id)).toBe('990');
    const queued = await t.sql(
      'SELECT platform_code, action, state FROM delivery_messages WHERE work_id = $1 ORDER BY id',
      [w.id],
    );
    expect(queued.rows.slice(-2).map((m) => [m.platform_code, m.action])).toEqual([
      ['qq_music', 'update'],
      ['spotify', 'takedown'],
    ]);

    await runDeliveries(t.deps, w.id);
    // Spotify receives a NewReleaseMessage without deals, accepts it, and its row ends taken down.
    expect((await store.ingest()).map((a) => a.status)).toEqual(['FileOK']);
    await pollAcknowledgements(t.deps);
    const { rows: sent } = await t.sql(
      "SELECT action, state, xml FROM delivery_messages WHERE work_id = $1 AND platform_code = 'spotify' ORDER BY id",
      [w.id],
    );
    expect(sent.map((m) => [m.action, m.state])).toEqual([
      ['insert', 'live'],
      ['takedown', 'taken_down'],
    ]);
    expect(sent[1].xml).toContain('<ern:NewReleaseMessage');
    expect(sent[1].xml).not.toContain('<DealList>');
    const d = await rows(w.u, w.id);
    expect(stateOf(d)).toEqual({ qq_music: 'delivered', spotify: 'taken_down' });
    expect(d.stores.find((s) => s.code === 'qq_music')?.action).toBe('update');
    // One takedown and nothing else: no update goes to the store the work left.
    const again = await t.sql(
      "SELECT count(*)::int AS n FROM delivery_messages WHERE work_id = $1 AND platform_code = 'spotify'",
      [w.id],
    );
    expect(again.rows[0].n).toBe(2);
  }, 60_000);
});

describe('a change after a takedown at some stores', () => {
  it('updates the stores still on sale and keeps the taken-down store down', async () => {
    await store.ingest(); // what earlier tests left unread
    const w = await approvedWork('余音');
    await runDeliveries(t.deps, w.id);
    expect((await store.ingest()).map((a) => a.status)).toEqual(['FileOK']);
    await pollAcknowledgements(t.deps);
    expect((await adminPost(API.admin.reviewOnline, { id: w.id, before_release: true })).body.code).toBe(1);
    // The musician takes it down at Spotify only: the work stays online.
    const down = await post(t, w.u, API.distribution.takedown, { id: w.id, platforms: ['spotify'], confirm: true });
    expect(down.body.code, JSON.stringify(down.body)).toBe(1);
    expect(await statusOf(w.id)).toBe('991');
    await runDeliveries(t.deps, w.id);
    expect((await store.ingest()).map((a) => a.status)).toEqual(['FileOK']);
    await pollAcknowledgements(t.deps);

    // A change keeping both stores chosen, approved.
    await approveChange(w, '余音（新）');

    // QQ Music gets the update; nothing more goes to Spotify, where it stays taken down.
    const { rows: spotify } = await t.sql(
      "SELECT action, state FROM delivery_messages WHERE work_id = $1 AND platform_code = 'spotify' ORDER BY id",
      [w.id],
    );
    expect(spotify.map((m) => [m.action, m.state])).toEqual([
      ['insert', 'live'],
      ['takedown', 'taken_down'],
    ]);
    const { rows: qq } = await t.sql(
      "SELECT action FROM delivery_messages WHERE work_id = $1 AND platform_code = 'qq_music' ORDER BY id",
      [w.id],
    );
    expect(qq.map((m) => m.action)).toEqual(['insert', 'update']);
  }, 60_000);
});

describe("the console: a batch's files", () => {
  it('lists each file of a batch with its kind, size, SHA-256 and state; editors and admins only', async () => {
    await store.ingest(); // what earlier tests left unread
    const w = await approvedWork('文件清单');
    await runDeliveries(t.deps, w.id);
    const { rows: sent } = await t.sql(
      "SELECT m.message_id, m.batch_id, m.xml_sha256, b.folder FROM delivery_messages m JOIN delivery_batches b ON b.id = m.batch_id WHERE m.work_id = $1 AND m.platform_code = 'spotify'",
      [w.id],
    );
    const batchRowId = Number(sent[0].batch_id);
    // The overview's batches carry the id the call takes.
    const ops = (await adminGet(API.admin.distribution.overview)).body.data;
    expect(ops.batches.map((b: { id: number }) => b.id)).toContain(batchRowId);

    const res = await adminGet(`${API.admin.distribution.batch}?id=${batchRowId}`);
    expect(res.body.code, JSON.stringify(res.body).slice(0, 300)).toBe(1);
    const detail = res.body.data as OpsBatchDetail;
    expect(detail).toMatchObject({
      id: batchRowId,
      platform_code: 'spotify',
      folder: sent[0].folder,
      state: 'complete',
    });
    expect(detail.messages).toEqual([
      expect.objectContaining({
        message_id: sent[0].message_id,
        work_id: w.id,
        work_title: '文件清单',
        action: 'insert',
      }),
    ]);
    expect(detail.file_list.map((f) => f.kind)).toEqual(['resource', 'resource', 'message', 'batch_complete']);
    expect(detail.file_list.every((f) => f.state === 'uploaded')).toBe(true);
    const xmlFile = detail.file_list.find((f) => f.kind === 'message')!;
    expect(xmlFile.sha256).toBe(sent[0].xml_sha256);
    expect(xmlFile.message_id).toBe(sent[0].message_id);
    // Every file listed is in the store's batch folder with that size and hash, and nothing else is.
    for (const f of detail.file_list) {
      const bytes = await readFile(path.join(storeRoot, detail.folder, f.path));
      expect(bytes.length, f.path).toBe(f.size_bytes);
      expect(createHash('sha256').update(bytes).digest('hex'), f.path).toBe(f.sha256);
    }
    const upc = detail.file_list.find((f) => f.kind === 'message')!.path.split('/')[0]!;
    const onDisk = [
      ...(await readdir(path.join(storeRoot, detail.folder))).filter((n) => n !== upc),
      ...(await readdir(path.join(storeRoot, detail.folder, upc)))
        .filter((n) => n !== 'resources')
        .map((n) => `${upc}/${n}`),
      ...(await readdir(path.join(storeRoot, detail.folder, upc, 'resources'))).map((n) => `${upc}/resources/${n}`),
    ];
    expect(onDisk.sort()).toEqual(detail.file_list.map((f) => f.path).sort());
    expect((await store.ingest()).map((a) => a.status)).toEqual(['FileOK']);

    // Unknown batch: 2710. Roles: an editor reads it, finance and a musician do not.
    expect((await adminGet(`${API.admin.distribution.batch}?id=999999999`)).body.code).toBe(2710);
    for (const [username, roles] of [
      ['batch-editor', ['editor']],
      ['batch-finance', ['finance']],
    ] as const) {
      const created = await adminPost('/api/admin/staff/create', {
        username,
        name: username,
        password: 'Staff2026x',
        roles,
      });
      expect(created.body.code, JSON.stringify(created.body)).toBe(1);
    }
    const as = async (token: string) =>
      (
        await call(t.app, {
          method: 'GET',
          url: `${API.admin.distribution.batch}?id=${batchRowId}`,
          headers: { 'admin-token': token },
        })
      ).body;
    const editor = await as(await staffLogin(t, 'batch-editor', 'Staff2026x'));
    expect(editor.code).toBe(1);
    expect(editor.data.file_list).toHaveLength(4);
    const finance = await as(await staffLogin(t, 'batch-finance', 'Staff2026x'));
    expect(finance).toMatchObject({ code: 2040, data: null });
    const musician = (await get(t, w.u, `${API.admin.distribution.batch}?id=${batchRowId}`)).body;
    // A musician's session is no staff session: refused as anonymous (1000), nothing answered.
    expect(musician.code).toBe(1000);
    expect(musician.data ?? null).toBeNull();
  }, 60_000);
});

describe('permanent removal (purge)', () => {
  it('an admin purges a taken-down work at each store that takes a purge; the others are named, not sent to', async () => {
    await store.ingest(); // what earlier tests left unread
    const w = await approvedWork('永别', { platforms: ['qq_music', 'spotify', 'apple_music'] });
    await runDeliveries(t.deps, w.id);
    expect((await store.ingest()).map((a) => a.status)).toEqual(['FileOK']);
    await pollAcknowledgements(t.deps);
    const purge = (token: string, payload: object) =>
      call(t.app, { method: 'POST', url: API.admin.distribution.purge, payload, headers: { 'admin-token': token } });
    // Not taken down yet: refused with 2711.
    expect((await purge(admin, { work_id: w.id, confirm: true })).body.code).toBe(2711);

    const down = await post(t, w.u, API.distribution.takedown, { id: w.id, platforms: 'all', confirm: true });
    expect(down.body).toMatchObject({ code: 1, data: { status: '992' } });
    await runDeliveries(t.deps, w.id);
    expect((await store.ingest()).map((a) => a.status)).toEqual(['FileOK']);
    await pollAcknowledgements(t.deps);
    expect(stateOf(await rows(w.u, w.id))).toEqual({
      qq_music: 'taken_down',
      spotify: 'taken_down',
      apple_music: 'taken_down',
    });

    // Editors (and finance, and musicians) may not: admins only.
    const created = await adminPost('/api/admin/staff/create', {
      username: 'purge-editor',
      name: 'Editor',
      password: 'Staff2026x',
      roles: ['editor'],
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(1);
    const editor = await staffLogin(t, 'purge-editor', 'Staff2026x');
    expect((await purge(editor, { work_id: w.id, confirm: true })).body.code).toBe(2040);
    const editorPlan = await call(t.app, {
      method: 'GET',
      url: `${API.admin.distribution.purgePlan}?work_id=${w.id}`,
      headers: { 'admin-token': editor },
    });
    expect(editorPlan.body.code).toBe(2040);
    expect((await post(t, w.u, API.admin.distribution.purge, { work_id: w.id, confirm: true })).body.code).toBe(1000);
    // Unconfirmed: a validation error, nothing sent.
    expect((await purge(admin, { work_id: w.id })).body.code).toBe(2001);

    // The plan names each store: Apple Music's pack takes a purge, Spotify's and QQ Music's do not.
    const plan = (await adminGet(`${API.admin.distribution.purgePlan}?work_id=${w.id}`)).body.data;
    expect(plan).toMatchObject({ work_id: w.id, title: '永别', status: '992', can_purge: true });
    const outcomes = (p: { stores: Array<{ code: string; outcome: string }> }) =>
      Object.fromEntries(p.stores.map((x) => [x.code, x.outcome]));
    expect(outcomes(plan)).toEqual({ apple_music: 'send', qq_music: 'refused', spotify: 'refused' });

    const res = await purge(admin, { work_id: w.id, confirm: true });
    expect(res.body.code, JSON.stringify(res.body)).toBe(1);
    expect(outcomes(res.body.data)).toEqual({ apple_music: 'sent', qq_music: 'refused', spotify: 'refused' });
    // Twice is once: the second request sends nothing more.
    const again = await purge(admin, { work_id: w.id, confirm: true });
    expect(outcomes(again.body.data)).toEqual({ apple_music: 'already', qq_music: 'refused', spotify: 'refused' });

    await runDeliveries(t.deps, w.id);
    const { rows: purges } = await t.sql(
      "SELECT platform_code, state, xml, xml_sha256, batch_id FROM delivery_messages WHERE work_id = $1 AND action = 'purge'",
      [w.id],
    );
    expect(purges.map((m) => [m.platform_code, m.state])).toEqual([['apple_music', 'purged']]);
    const xml = purges[0].xml as string;
    expect(xml).toContain('<ern:PurgeReleaseMessage');
    expect(purges[0].xml_sha256).toBe(createHash('sha256').update(xml).digest('hex'));
    // Apple Music's batch carries the purge message (no resources) and BatchComplete.
    const detail = (await adminGet(`${API.admin.distribution.batch}?id=${purges[0].batch_id}`)).body
      .data as OpsBatchDetail;
    expect(detail.file_list.map((f) => f.kind)).toEqual(['message', 'batch_complete']);
    const onDisk = await readFile(
      path.join(t.deps.config.delivery.dir, 'apple_music', detail.folder, detail.file_list[0]!.path),
      'utf8',
    );
    expect(onDisk).toBe(xml);
    // Spotify received nothing: no new batch, no purge row.
    expect(await store.ingest()).toEqual([]);
    await expect(
      t.sql(
        "UPDATE delivery_messages SET xml = 'x', xml_sha256 = repeat('0', 64) WHERE work_id = $1 AND action = 'purge'",
        [w.id],
      ),
    ).rejects.toThrow(/immutable/);

    // After it is done, asking again still sends nothing; the musician sees it removed and cannot restore it.
    expect(outcomes((await purge(admin, { work_id: w.id, confirm: true })).body.data).apple_music).toBe('already');
    const { rows: count } = await t.sql(
      "SELECT count(*)::int AS n FROM delivery_messages WHERE work_id = $1 AND action = 'purge'",
      [w.id],
    );
    expect(count[0].n).toBe(1);
    const d = await rows(w.u, w.id);
    expect(stateOf(d)).toEqual({ qq_music: 'taken_down', spotify: 'taken_down', apple_music: 'purged' });
    expect(d.can_restore).toEqual([]);
    expect((await post(t, w.u, API.distribution.restore, { id: w.id })).body.code).toBe(2101);

    // A store over SFTP that takes purges (Spotify given the generic pack here): the store reads the purge, accepts
    // it, and its acknowledgement makes the row purged.
    await t.sql("UPDATE platforms SET rule_pack = 'generic' WHERE code = 'spotify'");
    try {
      const more = await purge(admin, { work_id: w.id, confirm: true });
      expect(outcomes(more.body.data)).toEqual({ apple_music: 'already', qq_music: 'refused', spotify: 'sent' });
      await runDeliveries(t.deps, w.id);
      expect((await store.ingest()).map((a) => a.status)).toEqual(['FileOK']);
      await pollAcknowledgements(t.deps);
      expect(stateOf(await rows(w.u, w.id)).spotify).toBe('purged');
    } finally {
      await t.sql("UPDATE platforms SET rule_pack = 'spotify' WHERE code = 'spotify'");
    }
  }, 60_000);
});
