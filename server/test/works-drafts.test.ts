/**
 * Issue 9: a draft is made by its first save (save_info without an id), never by opening the publish page, and the
 * work list deletes several drafts at once (delete_batch): only the caller's, all or none, safe to repeat.
 */
import { API } from '@trackline/contract/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ipSequence, registerUser, type TestApp } from './harness';
import { type Musician, post } from './work-client';
import { insertWork, readWork } from './work-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const nextIp = ipSequence(140);
const user = (): Promise<Musician> => registerUser(t, {}, nextIp());
const userId = async (u: Musician) =>
  Number((await t.sql('SELECT id FROM users WHERE mobile = $1', [u.mobile])).rows[0].id);
const countWorks = async (owner: number) =>
  Number((await t.sql('SELECT count(*)::int AS n FROM works WHERE user_id = $1', [owner])).rows[0].n);
const P = API.publish;

describe('the first save makes the draft', () => {
  it('creates the work with what was typed, in one call, and later saves update it', async () => {
    const u = await user();
    const owner = await userId(u);
    expect(await countWorks(owner)).toBe(0);
    const first = await post(t, u, P.saveInfo, { kind: 'album', title: '第一次保存', tracks: [{ title: '一' }, {}] });
    expect(first.body.code).toBe(1);
    const work = first.body.data;
    expect(work).toMatchObject({ kind: 'album', title: '第一次保存', status: '00' });
    expect(work.tracks.map((x: { title: string }) => x.title)).toEqual(['一', '']);
    expect(await countWorks(owner)).toBe(1);
    const history = await post(t, u, P.history, { id: work.id });
    expect(history.body.data).toHaveLength(1);

    const second = await post(t, u, P.saveInfo, {
      id: work.id,
      title: '改了',
      tracks: work.tracks.map((x: { id: number }) => ({ id: x.id, title: '二' })),
    });
    expect(second.body.data).toMatchObject({ id: work.id, title: '改了' });
    expect(await countWorks(owner)).toBe(1);
  });

  it('needs the kind, and a refused first save leaves nothing behind', async () => {
    const u = await user();
    const owner = await userId(u);
    expect((await post(t, u, P.saveInfo, { title: '无类型', tracks: [{}] })).body.code).toBe(2001);
    // a single with two tracks is refused (2111) after the draft was inserted: rolled back with it
    expect((await post(t, u, P.saveInfo, { kind: 'single', tracks: [{}, {}] })).body.code).toBe(2111);
    // a bad UPC is refused before anything is written
    expect((await post(t, u, P.saveInfo, { kind: 'single', upc: '036000291453', tracks: [{}] })).body.code).toBe(2113);
    expect(await countWorks(owner)).toBe(0);
  });

  it('a repeated first save with the same idempotency key makes one draft', async () => {
    const u = await user();
    const owner = await userId(u);
    const key = 'first-save-key-0001';
    const body = { kind: 'single', title: '双击', tracks: [{}] };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(t, u, P.saveInfo, body, { 'Idempotency-Key': key })),
    );
    expect(answers.every((a) => a.body.code === 1)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await countWorks(owner)).toBe(1);
  });

  it('the unfinished-works limit holds for a burst of first saves', async () => {
    const u = await user();
    const owner = await userId(u);
    for (let i = 0; i < 45; i++) await insertWork(t, owner, { status: '00', title: `旧草稿${i}` });
    // 120 first saves at once, each a different body: exactly 5 fit under the limit of 50 (the rest 2125, or 429)
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        post(t, u, P.saveInfo, { kind: 'single', title: `并发${i}`, tracks: [{}] }),
      ),
    );
    const created = answers.filter((a) => a.body.code === 1).length;
    expect(created).toBe(5);
    expect(answers.filter((a) => a.body.code !== 1).every((a) => a.body.code === 2125 || a.body.code === 2030)).toBe(
      true,
    );
    expect(await countWorks(owner)).toBe(50);
  });
});

describe('deleting drafts in bulk', () => {
  it('deletes the chosen drafts, only the caller’s, and is safe to repeat', async () => {
    const a = await user();
    const b = await user();
    const [aid, bid] = [await userId(a), await userId(b)];
    const mine = await Promise.all(
      (['00', '10', '100', '400'] as const).map((status) => insertWork(t, aid, { status, title: `草稿${status}` })),
    );
    const theirs = await insertWork(t, bid, { status: '00', title: '别人的草稿' });
    const ids = [...mine.map((w) => w.id), theirs.id];
    const res = await post(t, a, P.removeBatch, { ids });
    expect(res.body.code).toBe(1);
    expect([...res.body.data.deleted].sort((x: number, y: number) => x - y)).toEqual(
      mine.map((w) => w.id).sort((x, y) => x - y),
    );
    for (const w of mine) expect(await readWork(t, w.id)).toBeUndefined();
    expect(await readWork(t, theirs.id)).toMatchObject({ title: '别人的草稿' });
    // again: nothing left to delete, still a success
    const again = await post(t, a, P.removeBatch, { ids });
    expect(again.body).toMatchObject({ code: 1, data: { deleted: [] } });
    // b's own call still can delete theirs
    expect((await post(t, b, P.removeBatch, { ids: [theirs.id] })).body.data.deleted).toEqual([theirs.id]);
  });

  it('all or none: one submitted or online work among them keeps every one', async () => {
    const u = await user();
    const owner = await userId(u);
    const draft = await insertWork(t, owner, { status: '00' });
    const review = await insertWork(t, owner, { status: '200' });
    const online = await insertWork(t, owner, { status: '991' });
    const res = await post(t, u, P.removeBatch, { ids: [draft.id, review.id, online.id] }, { 'Accept-Language': 'en' });
    expect(res.body.code).toBe(2250);
    expect(res.body.msg).toMatch(/nothing was deleted/);
    expect(res.body.data.ids.sort()).toEqual([review.id, online.id].sort());
    expect(await readWork(t, draft.id)).toBeDefined();
  });

  it('a burst of overlapping batches deletes each draft once and nothing else', async () => {
    const u = await user();
    const owner = await userId(u);
    const drafts = [];
    for (let i = 0; i < 40; i++) drafts.push(await insertWork(t, owner, { status: '00', title: `批量${i}` }));
    const keep = await insertWork(t, owner, { status: '200' });
    const ids = drafts.map((d) => d.id);
    // 120 calls, each a window of 10 drafts over the 40: every draft is in several calls
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) => post(t, u, P.removeBatch, { ids: ids.slice(i % 31, (i % 31) + 10) })),
    );
    expect(answers.every((x) => x.body.code === 1)).toBe(true);
    const deleted = answers.flatMap((x) => x.body.data.deleted as number[]);
    expect(deleted.length).toBe(40);
    expect(new Set(deleted).size).toBe(40);
    expect(await countWorks(owner)).toBe(1);
    expect(await readWork(t, keep.id)).toBeDefined();
  });

  it('needs a session and a sane list', async () => {
    const u = await user();
    expect((await post(t, { ...u, token: 'nope' }, P.removeBatch, { ids: [1] })).body.code).toBe(1000);
    expect((await post(t, u, P.removeBatch, { ids: [] })).body.code).toBe(2001);
    expect((await post(t, u, P.removeBatch, { ids: Array.from({ length: 51 }, (_, i) => i + 1) })).body.code).toBe(
      2001,
    );
  });
});
