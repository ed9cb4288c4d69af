/**
 * A factory for musicians that a journey starts from: a row written straight into the journey server's database
 * (E2E_DATABASE_URL, set by the global setup). Made this way, not through SMS registration, because one mobile
 * gets one SMS a minute and these journeys send their own.
 */
import pg from 'pg';
import { freshMobile } from './fixtures';

export const PASSWORD = 'Journey2026';
// argon2id of PASSWORD with the server's parameters (m=19456, t=2, p=1).
const PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$N2J5r5fF+hJ1on3YdI8tVQ$Taf6P6bBKLhaCoQc5X1gnY01brGdAfv5Eg/XdpieGWw';

export async function createMusician(nickname: string): Promise<{ mobile: string }> {
  const mobile = freshMobile();
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO users (agent_id, mobile, password_hash, nickname, group_id)
       SELECT id, $1, $2, $3, 1 FROM agents WHERE is_default`,
      [mobile, PASSWORD_HASH, nickname],
    );
  } finally {
    await client.end();
  }
  return { mobile };
}
