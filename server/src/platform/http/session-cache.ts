/**
 * A short-lived copy of live sessions (and the subject rows joined to them) in each server process, so the
 * calls that only need "who is this" skip the database. The database stays the truth:
 * - entries live SESSION_CACHE_SECONDS at most (5 by default; 0 turns the cache off);
 * - every revocation or change of a subject evicts here at once and tells every other instance through
 *   PostgreSQL LISTEN/NOTIFY, so logout and password resets take effect everywhere within milliseconds;
 * - while the notification channel is down, nothing is cached (an instance that cannot hear evictions must not
 *   trust its copies).
 */
import pg from 'pg';
import type { SessionWith, SubjectKind } from './sessions';

export const SESSION_CHANNEL = 'trackline_sessions';
const MAX_ENTRIES = 10_000;

interface Entry {
  value: SessionWith<unknown>;
  until: number;
  kind: SubjectKind;
}

export class SessionCache {
  private entries = new Map<string, Entry>();
  private listening = false;
  private client: pg.Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly log: (msg: string) => void = () => undefined,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.listening;
  }

  get<S>(kind: SubjectKind, key: string): SessionWith<S> | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(`${kind}:${key}`);
    if (!entry) return undefined;
    if (entry.until < Date.now()) {
      this.entries.delete(`${kind}:${key}`);
      return undefined;
    }
    return entry.value as SessionWith<S>;
  }

  set(kind: SubjectKind, key: string, value: SessionWith<unknown>): void {
    if (!this.enabled) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Maps iterate in insertion order: drop the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(`${kind}:${key}`, { value, until: Date.now() + this.ttlMs, kind });
  }

  /** Applies an eviction message: `s:<sessionId>` (one session) or `k:<kind>:<subjectId>` (all of a subject). */
  evict(message: string): void {
    const [what, a, b] = message.split(':');
    for (const [key, entry] of this.entries) {
      const hit =
        what === 's' ? entry.value.sessionId === Number(a) : entry.kind === a && entry.value.subjectId === Number(b);
      if (hit) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  /** Opens the notification channel (and reopens it when it drops); caching is on only while it is open. */
  async listen(databaseUrl: string): Promise<void> {
    if (this.ttlMs <= 0 || this.stopped) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    this.client = client;
    const down = (why: string) => {
      if (this.client !== client) return;
      this.listening = false;
      this.clear();
      this.client = undefined;
      client.end().catch(() => undefined);
      if (!this.stopped) {
        this.log(`session cache off until the notification channel returns (${why})`);
        this.retry = setTimeout(() => void this.listen(databaseUrl), 1000);
        this.retry.unref();
      }
    };
    client.on('error', (err) => down(err.message));
    client.on('end', () => down('connection ended'));
    client.on('notification', (n) => {
      if (n.channel === SESSION_CHANNEL && n.payload) this.evict(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANNEL}`);
      this.clear();
      this.listening = true;
    } catch (err) {
      down((err as Error).message);
    }
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
