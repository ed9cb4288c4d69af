/**
 * bench/covers, two figures measured in the same run:
 * 1. Export time of a 3000×3000 cover with two text layers (a shadow and an outline) — render and every pixel check,
 *    in this process — against decoding and re-encoding the same background alone at the same JPEG settings: the
 *    ratio, and the median time (goal ≤ 1 s on this machine's two cores).
 * 2. The real server's resident memory (VmRSS) while ten exports run at once over HTTP: before, peak, and the time
 *    all ten took (the server renders two at a time and queues the rest: covers/render-queue.ts).
 * BENCH_COVERS_ROUNDS (default 5) changes the rounds of figure 1.
 */
import { readFile } from 'node:fs/promises';
import { type BackgroundSpec, type CoverDesign, coverDesign } from '../contract/src/covers';
import { backgroundImage } from '../server/src/modules/covers/backgrounds';
import { imageChecks, textIssues } from '../server/src/modules/covers/checks';
import { EXPORT_JPEG, renderCover } from '../server/src/modules/covers/render';
import { demoToken, memoryKiB, startServer } from './support/server';

const ROUNDS = Number(process.env.BENCH_COVERS_ROUNDS ?? 5);
const DUSK: BackgroundSpec = {
  category: 'gradient',
  gradient: { kind: 'linear', colors: ['#1e3c72', '#e96443'], angle: 135 },
};

function design(title: string): CoverDesign {
  return coverDesign.parse({
    version: 1,
    background: { id: 1 },
    meta: { title, artist: '林一 & Ava', label: '' },
    layers: [
      {
        type: 'text',
        id: 'title',
        source: 'title',
        font: 'noto-serif-sc-bold',
        size: 320,
        color: '#ffffff',
        x: 1500,
        y: 1400,
        effect: { kind: 'shadow', color: '#000000', size: 24, dx: 10, dy: 14, opacity: 0.45 },
      },
      {
        type: 'text',
        id: 'artist',
        source: 'artist',
        font: 'noto-sans-sc',
        size: 150,
        color: '#ffffff',
        x: 1500,
        y: 1800,
        effect: { kind: 'outline', color: '#000000', size: 8, dx: 0, dy: 0, opacity: 1 },
      },
    ],
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function exportTime() {
  const d = design('夜航星 Night Flight');
  const background = await backgroundImage(DUSK, 3000).jpeg(EXPORT_JPEG).toBuffer();
  const sharp = (await import('sharp')).default;
  // Warm-up: fonts scanned, code loaded.
  await renderCover({ design: d, meta: d.meta, background: DUSK, photos: new Map() });
  const exportMs: number[] = [];
  const baseMs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let t0 = performance.now();
    await sharp(background).jpeg(EXPORT_JPEG).toBuffer();
    baseMs.push(performance.now() - t0);
    t0 = performance.now();
    const jpeg = await renderCover({ design: d, meta: d.meta, background: DUSK, photos: new Map() });
    textIssues(d, d.meta, null);
    const { issues } = await imageChecks(jpeg);
    exportMs.push(performance.now() - t0);
    if (issues.length) throw new Error(`the bench cover fails its checks: ${JSON.stringify(issues)}`);
  }
  const e = median(exportMs);
  const b = median(baseMs);
  console.log(`export (render + checks), 3000×3000, two text layers: median ${e.toFixed(0)} ms over ${ROUNDS} rounds`);
  console.log(`  background decode + re-encode alone: median ${b.toFixed(0)} ms`);
  console.log(`  ratio export / re-encode: ${(e / b).toFixed(2)}; goal ≤ 1000 ms: ${e <= 1000 ? 'met' : 'missed'}`);
}

async function rss(pid: number): Promise<number> {
  return (await memoryKiB(pid)).rss / 1024;
}

async function tenAtOnce() {
  const server = await startServer({ LOG_LEVEL: 'warn' });
  try {
    const pid = server.child.pid!;
    const token = await demoToken(server.url);
    const exportOne = async (title: string) => {
      const res = await fetch(`${server.url}/api/ai.cover/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify({ design: design(title) }),
      });
      const body = (await res.json()) as { code: number; msg: string };
      if (body.code !== 1) throw new Error(`export refused: ${JSON.stringify(body)}`);
    };
    await exportOne('热身 Warm-up');
    const before = await rss(pid);
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rss(pid));
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 10 }, (_, i) => exportOne(`第 ${i + 1} 首 Song ${i + 1}`)));
    const ms = performance.now() - t0;
    sampling = false;
    await sampler;
    console.log(`ten exports at once over HTTP: ${(ms / 1000).toFixed(2)} s in all (${(ms / 10).toFixed(0)} ms each)`);
    console.log(
      `  server memory (VmRSS): ${before.toFixed(0)} MiB before, ${peak.toFixed(0)} MiB at peak (+${(peak - before).toFixed(0)} MiB)`,
    );
  } finally {
    await server.stop();
  }
}

console.log('bench/covers');
console.log(`  load average before: ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`);
await exportTime();
await tenAtOnce();
