/**
 * bench/api: GET /api/user/info (authenticated, real database) against GET /api/ping (a route that does nothing)
 * on the same server in the same run. Prints requests per second and p99 latency of each, and the ratio.
 * Goal: /api/user/info reaches at least 0.5 of the no-op route's throughput.
 * Measured twice: as configured by default (sessions cached for a few seconds per instance, evicted everywhere on
 * revocation), and with SESSION_CACHE_SECONDS=0, where every call resolves its session in PostgreSQL.
 */
import autocannon from 'autocannon';
import { demoToken, startServer } from './support/server';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function run(label: string, env: Record<string, string>) {
  const server = await startServer(env);
  try {
    const token = await demoToken(server.url);
    const check = (await (await fetch(`${server.url}/api/user/info`, { headers: { token } })).json()) as {
      code: number;
    };
    if (check.code !== 1) throw new Error('user info did not answer code 1');

    await measure(`${server.url}/api/ping`); // warm-up
    const noop = await measure(`${server.url}/api/ping`);
    const info = await measure(`${server.url}/api/user/info`, { token });
    const ratio = info.rps / noop.rps;
    console.log(`${label}`);
    console.log(`  GET /api/ping       ${noop.rps.toFixed(0).padStart(7)} req/s   p99 ${noop.p99} ms`);
    console.log(`  GET /api/user/info  ${info.rps.toFixed(0).padStart(7)} req/s   p99 ${info.p99} ms`);
    console.log(`  ratio user/info : no-op = ${ratio.toFixed(2)}`);
    return ratio;
  } finally {
    await server.stop();
  }
}

console.log(`bench/api  (${CONNECTIONS} connections, ${DURATION} s each)`);
const ratio = await run('default settings (session cache on)', {});
await run('SESSION_CACHE_SECONDS=0 (a database round trip per call)', { SESSION_CACHE_SECONDS: '0' });
console.log(
  `goal: user/info >= 0.50 of no-op with the default settings: ${ratio >= 0.5 ? 'met' : 'NOT met'} (${ratio.toFixed(2)})`,
);
