import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with no settings at all, on the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.filesDir).toBe(path.join(path.resolve('./data'), 'files'));
    expect(config.smsProvider).toBe('console');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.dbPoolMax).toBe(10);
    expect(config.sessionIdleMs).toBe(30 * 86_400_000);
    expect(config.trustProxy).toBe(false);
    expect(config.seedDemo).toBe(true);
    expect(config.logLevel).toBe('info');
    expect(config.agentDomainAliases.size).toBe(0);
    expect(config.jobsInProcess).toBe(true);
    expect(config.workerConcurrency).toBe(4);
  });

  it('treats empty settings as unset', () => {
    const config = loadConfig({ PORT: '', DATA_DIR: '', DATABASE_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
  });

  it('reads the settings it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/trackline',
      DATABASE_URL: 'postgresql://u@db:5432/trackline',
      PUBLIC_BASE_URL: 'https://music.example.com/',
      AGENT_DOMAIN_ALIASES: 'localhost=Music.Example.com, 127.0.0.1 = music.example.com',
      TRUST_PROXY: 'yes',
      SEED_DEMO: 'false',
      SESSION_IDLE_DAYS: '7',
      JOBS_IN_PROCESS: 'false',
      WORKER_CONCURRENCY: '8',
    });
    expect(config.jobsInProcess).toBe(false);
    expect(config.workerConcurrency).toBe(8);
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/var/lib/trackline');
    expect(config.filesDir).toBe('/var/lib/trackline/files');
    expect(config.databaseUrl).toBe('postgresql://u@db:5432/trackline');
    expect(config.publicBaseUrl).toBe('https://music.example.com');
    expect([...config.agentDomainAliases]).toEqual([
      ['localhost', 'music.example.com'],
      ['127.0.0.1', 'music.example.com'],
    ]);
    expect(config.trustProxy).toBe(true);
    expect(config.seedDemo).toBe(false);
    expect(config.sessionIdleMs).toBe(7 * 86_400_000);
  });

  it('names every bad setting at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', AGENT_DOMAIN_ALIASES: 'foo' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(3);
    for (const name of ['PORT', 'DATABASE_URL', 'AGENT_DOMAIN_ALIASES']) {
      expect(
        problems.some((p) => p.startsWith(`${name}:`)),
        name,
      ).toBe(true);
      expect(message).toContain(name);
    }
    expect(problems.find((p) => p.startsWith('AGENT_DOMAIN_ALIASES'))).toContain('"foo" is not host=domain');
  });

  it('refuses out-of-range and unknown values', () => {
    for (const env of [
      { PORT: '70000' },
      { ADMIN_PASSWORD: 'short' },
      { SMS_PROVIDER: 'aliyun' },
      { REDIS_URL: 'http://cache' },
      { TRUST_PROXY: 'maybe' },
      { LOG_LEVEL: 'loud' },
      { PUBLIC_BASE_URL: 'not a url' },
      { DB_POOL_MAX: '0' },
      { JOBS_IN_PROCESS: 'sometimes' },
      { WORKER_CONCURRENCY: '0' },
      { WORKER_CONCURRENCY: '1.5' },
    ]) {
      const name = Object.keys(env)[0]!;
      expect(() => loadConfig(env), name).toThrow(ConfigError);
      expect(() => loadConfig(env), name).toThrow(name);
    }
  });

  it('needs both S3 keys when a bucket is set, and names each missing one', () => {
    const error = (() => {
      try {
        loadConfig({ S3_BUCKET: 'music', S3_PUBLIC_URL: 'nope' });
      } catch (err) {
        return err as ConfigError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'S3_ACCESS_KEY_ID',
      'S3_PUBLIC_URL',
      'S3_SECRET_ACCESS_KEY',
    ]);
    const ok = loadConfig({
      S3_BUCKET: 'music',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 'b',
      S3_ENDPOINT: 'http://minio:9000',
    });
    expect(ok.s3).toMatchObject({ bucket: 'music', region: 'us-east-1', forcePathStyle: true });
    expect(loadConfig({}).s3).toBeUndefined();
  });
});
