import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const url = 'postgres://root@127.0.0.1:5432/exp';
const C = '(sale_month, territory, isrc, upc, title, quantity, amount, currency, fx_rate)';
const counter = () =>
  new Transform({
    transform(chunk: Buffer, _e, done) {
      let n = 0;
      let i = chunk.indexOf(10);
      while (i !== -1) {
        n++;
        i = chunk.indexOf(10, i + 1);
      }
      done(null, chunk);
    },
  });
async function one(table: string, file: string, count: boolean, hwm: number) {
  const c = new pg.Client(url);
  await c.connect();
  await c.query(`DROP TABLE IF EXISTS ${table}; CREATE TABLE ${table} (LIKE rl); ALTER TABLE ${table} ALTER import_id SET DEFAULT 1, ALTER chunk SET DEFAULT 1`);
  const sink = c.query(copyFrom(`COPY ${table} ${C} FROM STDIN WITH (FORMAT csv, HEADER true)`));
  const src = createReadStream(file, { highWaterMark: hwm });
  if (count) await pipeline(src, counter(), sink);
  else await pipeline(src, sink);
  await c.end();
}
for (const [count, hwm] of [[false, 65536], [true, 65536], [false, 1 << 18], [true, 1 << 18], [false, 1 << 20]] as const) {
  let t = performance.now();
  await one('n_full', '/tmp/exp/report.csv', count, hwm);
  const full = performance.now() - t;
  t = performance.now();
  await Promise.all([one('n_h1', '/tmp/exp/h1.csv', count, hwm), one('n_h2', '/tmp/exp/h2.csv', count, hwm)]);
  const par = performance.now() - t;
  console.log(`count=${count} hwm=${hwm}: full ${full.toFixed(0)} ms, two halves ${par.toFixed(0)} ms`);
}
