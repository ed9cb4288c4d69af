/**
 * Issue 9: an audio file's problems (too short, wrong sample rate…) were found only at submission. A work's
 * materials now carry the rules they break for their kind, from the analysis made at upload, in every answer that
 * shows them (material_add, save_info, detail), with the same field paths and rule ids as pre-review.
 */
import { API } from '@trackline/contract/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ipSequence, registerUser, type TestApp } from './harness';
import { mp3, wav } from './media-files';
import { infoBody, type Musician, post, uploadAudio, uploadBasics } from './work-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const nextIp = ipSequence(143);
const user = (): Promise<Musician> => registerUser(t, {}, nextIp());
const P = API.publish;
type Issue = { rule: string; field: string; severity: string; params?: Record<string, unknown> };

describe('a material’s own rule issues', () => {
  it('a short 22.05 kHz main audio says so as soon as step 1 saves it, with pre-review’s field and rule', async () => {
    const u = await user();
    const files = await uploadBasics(t, u);
    const bad = await uploadAudio(t, u, wav({ seconds: 12, sampleRate: 22_050 }), 'demo.wav');
    const saved = await post(t, u, P.saveInfo, {
      kind: 'single',
      ...infoBody(0, { ...files, audio: bad }),
      id: undefined,
    });
    expect(saved.body.code).toBe(1);
    const music = saved.body.data.tracks[0].materials.find((m: { kind: string }) => m.kind === 'music');
    const issues = music.issues as Issue[];
    expect(issues.map((i) => i.rule).sort()).toEqual(['audio.sample_rate', 'audio.too_short']);
    expect(issues.every((i) => i.field === 'tracks.0.audio' && i.severity === 'error')).toBe(true);
    expect(issues.find((i) => i.rule === 'audio.sample_rate')!.params).toEqual({ sampleRate: 22_050 });
    // pre-review names the same
    const pre = (await post(t, u, P.prereview, { id: saved.body.data.id })).body.data.issues as Issue[];
    for (const issue of issues) expect(pre).toContainEqual(issue);
  });

  it('an attached accompaniment in MP3 warns, a good main audio has none, and the detail says the same', async () => {
    const u = await user();
    const files = await uploadBasics(t, u);
    const saved = await post(t, u, P.saveInfo, { kind: 'single', ...infoBody(0, files), id: undefined });
    const id = saved.body.data.id as number;
    const track = saved.body.data.tracks[0];
    expect(track.materials.find((m: { kind: string }) => m.kind === 'music').issues).toBeUndefined();
    const key = await uploadAudio(t, u, mp3(1500), 'backing.mp3');
    const added = await post(t, u, P.materialAdd, { id, track_id: track.id, kind: 'accompany', key });
    expect(added.body.code).toBe(1);
    const accompany = added.body.data.tracks[0].materials.find((m: { kind: string }) => m.kind === 'accompany');
    expect(accompany.issues).toEqual([{ rule: 'audio.lossy', field: 'tracks.0.accompany', severity: 'warning' }]);
    const detail = await post(t, u, P.detail, { id });
    const again = detail.body.data.tracks[0].materials.find((m: { kind: string }) => m.kind === 'accompany');
    expect(again.issues).toEqual(accompany.issues);
  });
});
