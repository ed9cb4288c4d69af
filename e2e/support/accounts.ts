/**
 * A factory for musicians that a journey starts from: a row written straight into the journey server's database
 * (E2E_DATABASE_URL, set by the global setup). Made this way, not through SMS registration, because one mobile
 * gets one SMS a minute and these journeys send their own.
 */
import type { Page } from '@playwright/test';
import pg from 'pg';
import { expect, freshMobile } from './fixtures';

export const PASSWORD = 'Journey2026';
// argon2id of PASSWORD with the server's parameters (m=19456, t=2, p=1).
const PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$N2J5r5fF+hJ1on3YdI8tVQ$Taf6P6bBKLhaCoQc5X1gnY01brGdAfv5Eg/XdpieGWw';

/**
 * A musician on the default site, or on `siteId` (a site made by `createSite`). Verified with a real name unless
 * `verified: false` (issue 10: step 3 submits only for a verified legal party).
 */
export async function createMusician(
  nickname: string,
  siteId?: number,
  options: { verified?: boolean; groupId?: number; companyName?: string } = {},
): Promise<{ mobile: string }> {
  const mobile = freshMobile();
  const verified = options.verified ?? true;
  await withDatabase((client) =>
    client.query(
      `INSERT INTO users (agent_id, mobile, password_hash, nickname, group_id, real_name, is_verify, company_name)
       SELECT id, $1, $2, $3, $5, $6, $7, $8 FROM agents WHERE ($4::bigint IS NULL AND is_default) OR id = $4`,
      [
        mobile,
        PASSWORD_HASH,
        nickname,
        siteId ?? null,
        options.groupId ?? 1,
        verified ? '测试音乐人' : '',
        verified ? 1 : 0,
        options.companyName ?? null,
      ],
    ),
  );
  return { mobile };
}

/**
 * A site of its own, so a journey can address "everyone on a site" without reaching the musicians that journeys
 * running beside it have made (a broadcast to all users would light their bells too).
 */
export async function createSite(title: string): Promise<{ id: number; title: string; domain: string }> {
  const domain = `journey-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.test`;
  const result = await withDatabase((client) =>
    client.query<{ id: string }>('INSERT INTO agents (domain, site_title) VALUES ($1, $2) RETURNING id', [
      domain,
      title,
    ]),
  );
  return { id: Number(result.rows[0]!.id), title, domain };
}

/** Runs queries on the journey server's own database (to read what a journey left there). */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Logs a musician in through the login page with a password; they land on the publishing entry. */
export async function logInAs(page: Page, mobile: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('手机号', { exact: true }).fill(mobile);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/work-publish\/entry$/);
}
