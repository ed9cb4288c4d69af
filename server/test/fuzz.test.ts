/**
 * The fuzzer: every operation of the OpenAPI document the app serves, called with spoilt fields (one at a time in an
 * otherwise plausible body or query), spoilt whole bodies and content types, spoilt query strings and path
 * parameters — anonymously, with a musician's session, and with a staff session for the console's calls.
 * Every answer must be below 500 and an envelope ({ code: number, msg: string }); 204 answers carry no body. A NUL in
 * a field must be refused as such (2001 naming U+0000), and no field may take a 1 MB string.
 * Seeded, so a run sends the same requests every time. FUZZ_TRACE=1 prints each operation's plausible call and its
 * answer: how far into the services the spoilt fields reach.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png } from './files';
import {
  addNameSample,
  type JsonSchema,
  type Path,
  positions,
  replaceAt,
  sample,
  seededRandom,
  spoiltBodies,
  spoiltHeaders,
  spoiltQueries,
  spoiltValues,
  valueAt,
} from './fuzz-values';
import { ADMIN_PASSWORD, call, createTestApp, ipSequence, registerUser, staffLogin, type TestApp } from './harness';

interface Operation {
  method: string;
  path: string;
  secured: boolean;
  query: Array<{ name: string; schema: JsonSchema; required: boolean }>;
  pathParams: string[];
  body?: JsonSchema;
}

type Session = { name: string; headers: Record<string, string> };

let t: TestApp;
let musician: Session;
let staff: Session;
const anonymous: Session = { name: 'anonymous', headers: {} };

beforeAll(async () => {
  t = await createTestApp();
  const user = await registerUser(t, {}, '10.88.0.1');
  musician = { name: 'musician', headers: { token: user.token } };
  // A file of the musician's own, so the calls that attach one (work orders, materials) get past that check.
  const form = await multipart(png(), 'cover.png', 'image/png');
  const uploaded = await call(t.app, {
    method: 'POST',
    url: '/api/common/upload',
    headers: { token: user.token, 'content-type': form.contentType },
    payload: form.payload,
  });
  expect(uploaded.body.code).toBe(1);
  addNameSample(/^(key|cover_key|attachments)$/, uploaded.body.data.key);
  // A staff member of every role of their own, so a fuzzed update of the seeded admin (id 1) cannot end this session.
  const adminToken = await staffLogin(t, 'admin', ADMIN_PASSWORD, '10.88.0.2');
  const created = await call(t.app, {
    method: 'POST',
    url: '/api/admin/staff/create',
    headers: { 'admin-token': adminToken },
    payload: {
      username: 'fuzz_staff',
      name: 'Fuzz',
      password: 'FuzzStaff2026',
      roles: ['admin', 'editor', 'finance', 'support', 'content'],
    },
  });
  expect(created.body.code).toBe(1);
  staff = {
    name: 'staff',
    headers: { 'admin-token': await staffLogin(t, 'fuzz_staff', 'FuzzStaff2026', '10.88.0.3') },
  };
});
afterAll(async () => {
  await t?.close();
});

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []) as Array<{
        in: string;
        name: string;
        schema: JsonSchema;
        required?: boolean;
      }>;
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        secured: Array.isArray(op.security) && op.security.length > 0,
        query: params.filter((p) => p.in === 'query').map((p) => ({ ...p, required: p.required ?? false })),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        body: content?.['application/json']?.schema,
      });
    }
  }
  // Logging out ends the session the later calls use: those go last.
  return ops.sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
}

function queryValue(name: string, value: unknown): string {
  if (value === null) return `${name}=`;
  if (Array.isArray(value)) return value.map((v) => `${name}=${encodeURIComponent(String(v))}`).join('&');
  if (typeof value === 'object') return `${encodeURIComponent(`${name}[$gt]`)}=`;
  return `${name}=${encodeURIComponent(String(value).replace(/[\ud800-\udfff]/g, '\ufffd'))}`;
}

interface Finding {
  request: string;
  status: number;
  body: string;
}

const random = seededRandom(20261126);
const nextIp = ipSequence(88);
let sent = 0;

/**
 * `spoilt`: the kind of value one field carries. A NUL must be refused as such (2001, naming U+0000); a 1 MB string
 * must not be taken (every string field has a bound).
 */
async function send(
  app: FastifyInstance,
  label: string,
  opts: InjectOptions,
  findings: Finding[],
  spoilt = '',
): Promise<void> {
  sent += 1;
  const headers = { ...(opts.headers ?? {}), 'accept-language': random() < 0.5 ? 'en' : 'zh-CN' };
  const res = await app.inject({ ...opts, headers, remoteAddress: nextIp() });
  let body: { code?: unknown; msg?: unknown } = {};
  let envelope = false;
  if (res.statusCode === 204 || opts.method === 'HEAD') envelope = res.body === '';
  else {
    try {
      body = res.json();
      envelope = typeof body.code === 'number' && typeof body.msg === 'string';
    } catch {
      envelope = false;
    }
  }
  if (process.env.FUZZ_TRACE && label.includes('sample'))
    console.log('TRACE', label, res.statusCode, res.body.slice(0, 140));
  const nulRefused = spoilt !== 'nul' || (body.code === 2001 && String(body.msg).includes('U+0000'));
  const bounded = spoilt !== 'huge-string' || body.code !== 1;
  if (res.statusCode >= 500 || !envelope || !nulRefused || !bounded)
    findings.push({ request: label, status: res.statusCode, body: res.body.slice(0, 160) });
}

/** Every request for one operation and one session. `fields`: spoil each field one at a time too. */
async function fuzzOperation(op: Operation, session: Session, fields: boolean, findings: Finding[]): Promise<void> {
  const app = t.app;
  const label = (kind: string) => `${op.method} ${op.path} [${session.name}] ${kind}`;
  const pathFor = (param: string) => op.pathParams.reduce((p, name) => p.replace(`{${name}}`, param), op.path);
  const basePath = pathFor('fuzz-id');
  const baseQuery = op.query.map((p) => ({ name: p.name, value: sample(p.schema, 0, p.name) }));
  const queryString = (items: Array<{ name: string; value: unknown }>) =>
    items.map((i) => queryValue(i.name, i.value)).join('&');
  const hasBody = !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(op.method);
  const baseBody = op.body ? sample(op.body) : {};
  const request = (url: string, extra: Partial<InjectOptions> = {}): InjectOptions => ({
    method: op.method as InjectOptions['method'],
    url,
    // tus calls want their protocol version; the other calls ignore it.
    headers: { 'tus-resumable': '1.0.0', ...session.headers, ...((extra.headers as Record<string, string>) ?? {}) },
    ...(extra.payload !== undefined ? { payload: extra.payload } : {}),
  });
  const withQuery = (q: string) => (q ? `${basePath}?${q}` : basePath);

  // The plausible request itself.
  await send(
    app,
    label('sample'),
    request(
      withQuery(queryString(baseQuery)),
      hasBody ? { payload: JSON.stringify(baseBody), headers: { 'content-type': 'application/json' } } : {},
    ),
    findings,
  );

  if (fields) {
    for (const [index, param] of op.query.entries()) {
      for (const { kind, value } of spoiltValues(baseQuery[index]!.value, random)) {
        const items = baseQuery.map((item, i) => (i === index ? { name: param.name, value } : item));
        await send(app, label(`query ${param.name}=${kind}`), request(withQuery(queryString(items))), findings, kind);
      }
    }
    if (op.body) {
      for (const at of positions(baseBody) as Path[]) {
        const original = valueAt(baseBody, at);
        for (const { kind, value } of spoiltValues(original, random)) {
          // A megabyte in every field would dominate the run; the string fields are where it matters.
          if (kind === 'huge-string' && typeof original !== 'string') continue;
          await send(
            app,
            label(`body ${at.join('.')}=${kind}`),
            request(basePath, {
              payload: JSON.stringify(replaceAt(baseBody, at, value)),
              headers: { 'content-type': 'application/json' },
            }),
            findings,
            kind,
          );
        }
      }
    }
    for (const name of op.pathParams) {
      for (const param of ['%00', '%E0%A4%A', '..%2F..%2Fetc', 'x'.repeat(5000), '%E2%80%AE', '-1', '1e308']) {
        await send(app, label(`path ${name}=${param.slice(0, 12)}`), request(pathFor(param)), findings);
      }
    }
  }

  for (const { kind, headers } of spoiltHeaders())
    await send(app, label(kind), request(withQuery(queryString(baseQuery)), { headers }), findings);
  // The megabyte-sized inputs go with the operation's own session only: they test parsing, which the session
  // does not change, and they are most of the run's time.
  const heavy = (kind: string) => !fields && HEAVY.has(kind);
  for (const { kind, query } of spoiltQueries(op.query.map((p) => p.name))) {
    if (!heavy(kind)) await send(app, label(kind), request(`${basePath}?${query}`), findings);
  }
  if (hasBody) {
    for (const { kind, contentType, payload } of spoiltBodies(baseBody, random)) {
      if (heavy(kind)) continue;
      await send(app, label(kind), request(basePath, { payload, headers: { 'content-type': contentType } }), findings);
    }
  }
}

const HEAVY = new Set(['deep-nesting', 'huge-field', 'query-huge', 'query-many']);

describe('fuzzing every operation of the OpenAPI document', () => {
  it('answers every malformed request below 500 with an envelope', { timeout: 300_000 }, async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(100);
    const findings: Finding[] = [];
    const started = Date.now();
    for (const op of ops) {
      const own = op.path.startsWith('/api/admin/') ? staff : op.secured ? musician : anonymous;
      const sessions = op.path.startsWith('/api/admin/') ? [anonymous, musician, staff] : [anonymous, musician];
      for (const session of sessions) await fuzzOperation(op, session, session === own, findings);
      if (op.path.endsWith('/logout')) continue;
      // The sessions are still alive (no fuzzed call ended them), so every operation was reached logged in.
      expect((await call(t.app, { method: 'GET', url: '/api/user/info', headers: musician.headers })).body.code).toBe(
        1,
      );
      expect((await call(t.app, { method: 'GET', url: '/api/admin/auth/me', headers: staff.headers })).body.code).toBe(
        1,
      );
    }
    // The summary names, per kind of input, how many operations answered it badly (the note's before/after figures).
    const opsByKind = new Map<string, Set<string>>();
    for (const f of findings) {
      const [operation, rest = ''] = f.request.split(' [');
      const kind = (rest.split('] ')[1] ?? '').replace(/^(body|query|path) [^=]*=/, '');
      opsByKind.set(kind, (opsByKind.get(kind) ?? new Set()).add(operation!));
    }
    console.log(
      `fuzz: ${ops.length} operations, ${sent} requests in ${Math.round((Date.now() - started) / 1000)} s; ` +
        `${findings.length} bad answers on ${new Set(findings.map((f) => f.request.split(' [')[0])).size} operations` +
        [...opsByKind].map(([kind, set]) => `\n  ${kind}: ${set.size} operations`).join(''),
    );
    expect(findings).toEqual([]);
  });
});
