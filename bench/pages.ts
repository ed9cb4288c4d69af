/**
 * bench/pages: Lighthouse (mobile preset, Debian's Chromium) on the public pages /guest/index and /advisory/detail,
 * served by the real server with its seeded content: performance score, largest contentful paint, and the
 * compressed JavaScript each page loads. Goals: score >= 90, at most 250 KB of compressed JavaScript.
 * Each figure is printed with its ratio to the goal, measured in this run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './support/server';

const SCORE_GOAL = 90;
const JS_GOAL_KB = 250;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** BENCH_REPORT_DIR: also keep each page's full Lighthouse report (JSON) there, to see what costs the score. */
const reportDir = process.env.BENCH_REPORT_DIR;

async function firstNewsId(url: string): Promise<number> {
  const res = await fetch(`${url}/api/cms/data/news`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, limit: 1 }),
  });
  const body = (await res.json()) as { code: number; data: { list: Array<{ id: number }> } };
  const id = body.data?.list?.[0]?.id;
  if (body.code !== 1 || !id) throw new Error(`no news to measure: ${JSON.stringify(body)}`);
  return id;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-dev-shm-usage',
  ],
});
try {
  const pages = ['/guest/index', `/advisory/detail?id=${await firstNewsId(server.url)}`];
  console.log('bench/pages  (Lighthouse mobile preset: simulated slow 4G and a 4x slower CPU)');
  let allMet = true;
  for (const path of pages) {
    const run = await lighthouse(`${server.url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!run) throw new Error(`Lighthouse gave no result for ${path}`);
    const { lhr } = run;
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      const name = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      writeFileSync(`${reportDir}/${name}.json`, JSON.stringify(lhr, null, 1));
    }
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
    const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
      []) as NetworkItem[];
    const jsKb =
      items.filter((i) => i.resourceType === 'Script').reduce((sum, i) => sum + (i.transferSize ?? 0), 0) / 1024;
    const met = score >= SCORE_GOAL && jsKb <= JS_GOAL_KB;
    allMet &&= met;
    console.log(`  ${path}`);
    console.log(
      `    performance score   ${String(score).padStart(5)}   (goal >= ${SCORE_GOAL}: ratio ${(score / SCORE_GOAL).toFixed(2)})`,
    );
    console.log(`    LCP                 ${(lcp / 1000).toFixed(2).padStart(5)} s`);
    console.log(
      `    compressed JS       ${jsKb.toFixed(0).padStart(5)} KB (goal <= ${JS_GOAL_KB} KB: ratio ${(jsKb / JS_GOAL_KB).toFixed(2)})`,
    );
  }
  console.log(`goals ${allMet ? 'met' : 'NOT met'} on every page measured`);
} finally {
  await chrome.kill();
  await server.stop();
}
