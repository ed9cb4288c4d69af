/**
 * Test helpers: a fresh mobile and client address per test, and the SMS codes the console provider logged.
 */
import { readFileSync } from 'node:fs';
import { test as base, expect } from '@playwright/test';
import { SERVER_LOG } from './env';

let seq = 0;
export function freshMobile(): string {
  seq += 1;
  const tail = ((process.pid % 10_000) * 10_000 + seq + Math.floor(Math.random() * 1000) * 10) % 100_000_000;
  return `137${String(tail).padStart(8, '0')}`;
}

function randomIp(): string {
  const b = () => 1 + Math.floor(Math.random() * 250);
  return `10.${b()}.${b()}.${b()}`;
}

/** The newest code the console SMS provider wrote for this mobile and event, waiting for it to appear. */
export async function smsCode(mobile: string, event: string, after = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const lines = readFileSync(SERVER_LOG, 'utf8').split('\n');
        const hits = lines
          .filter((l) => l.startsWith('{"type":"sms"'))
          .map((l) => JSON.parse(l) as { mobile: string; event: string; code: string; time: string })
          .filter((m) => m.mobile === mobile && m.event === event && Date.parse(m.time) >= after);
        found = hits.at(-1)?.code;
        return found;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return found!;
}

export const test = base.extend<{ clientIp: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  clientIp: async ({}, use) => {
    await use(randomIp());
  },
  context: async ({ context, clientIp }, use) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp });
    await use(context);
  },
});
export { expect };
