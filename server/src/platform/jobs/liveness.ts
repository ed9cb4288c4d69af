/**
 * Getting a killed worker's jobs back within seconds instead of hours.
 *
 * graphile-worker marks each job it takes with its worker pool's id (locked_by). A pool that exits cleanly
 * releases its jobs; one that is killed (SIGKILL, OOM, a lost machine) leaves them locked, and graphile-worker
 * itself only frees locks older than 4 hours. Here each of our pools holds a session-level PostgreSQL advisory
 * lock named after its id on a connection of its own, which PostgreSQL drops the moment the process's
 * connection dies. Every running runner then looks, now and then, at the ids holding jobs: an id whose advisory
 * lock it can take belongs to a pool that no longer exists, and its jobs are unlocked for any worker to run
 * again (graphile_worker.force_unlock_workers). The attempt the dead pool spent still counts.
 *
 * A job is only considered once it has been locked for GRACE_SECONDS, so a pool that has just started and not yet
 * taken its advisory lock is never mistaken for a dead one.
 */
import pg from 'pg';

/** The first key of our advisory locks ("tljb"), so they never meet another feature's. */
const LOCK_SPACE = 0x746c6a62;
export const GRACE_SECONDS = 5;

export class Liveness {
  private client: Promise<pg.Client> | undefined;
  private readonly own = new Set<string>();
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly warn: (msg: string, err?: unknown) => void,
  ) {}

  private connection(): Promise<pg.Client> {
    if (!this.client) {
      const forget = () => {
        if (this.client === connecting) this.client = undefined;
      };
      const connecting = this.connect(forget);
      this.client = connecting;
      connecting.catch(forget);
    }
    return this.client;
  }

  private async connect(onLost: () => void): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'trackline-jobs-liveness' });
    client.on('error', (err) => {
      // The locks went with the connection: the next call reconnects and takes them again. Meanwhile another
      // runner may free this pool's jobs and run them a second time, which idempotent handlers allow.
      this.warn('job liveness connection lost', err);
      onLost();
    });
    await client.connect();
    for (const id of this.own) await client.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_SPACE, id]);
    return client;
  }

  /** Marks a pool of this process as alive for as long as this process's connection lives. */
  async hold(poolId: string): Promise<void> {
    this.own.add(poolId);
    const client = await this.connection();
    await client.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_SPACE, poolId]);
  }

  /** Unlocks the jobs of pools that are gone; answers their ids. */
  async recover(graceSeconds = GRACE_SECONDS): Promise<string[]> {
    if (this.closed) return [];
    const client = await this.connection();
    const { rows } = await client.query<{ locked_by: string }>(
      `select locked_by from graphile_worker._private_jobs
        where locked_by is not null and locked_at < now() - make_interval(secs => $1)
       union
       select locked_by from graphile_worker._private_job_queues
        where locked_by is not null and locked_at < now() - make_interval(secs => $1)`,
      [graceSeconds],
    );
    const freed: string[] = [];
    for (const { locked_by: id } of rows) {
      if (this.own.has(id)) continue;
      const { rows: got } = await client.query<{ free: boolean }>(
        'select pg_try_advisory_lock($1, hashtext($2)) as free',
        [LOCK_SPACE, id],
      );
      if (!got[0]?.free) continue;
      try {
        await client.query('select graphile_worker.force_unlock_workers($1::text[])', [[id]]);
        freed.push(id);
      } finally {
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, id]);
      }
    }
    return freed;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    await client?.then((c) => c.end()).catch(() => undefined);
  }
}
