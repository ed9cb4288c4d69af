/**
 * Browser journeys in Debian's Chromium against the built web app served by the real server on a fresh database
 * (global-setup.ts starts it). The port is chosen once here and handed to the workers through the environment.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

if (!process.env.E2E_PORT) {
  const script =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  process.env.E2E_PORT = execFileSync(process.execPath, ['-e', script]).toString().trim();
}
const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
});
