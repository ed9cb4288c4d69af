/**
 * The fuzzer's inputs (fuzz.test.ts): a plausible value for a JSON schema of the OpenAPI document (so that one
 * field at a time can be spoiled while the others pass), the spoilt values, whole bodies and content types that
 * no client should send, and a seeded generator so every run sends the same requests.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  const?: unknown;
};

/** mulberry32: a small seeded generator, so a failure found once is found again. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Values that satisfy the patterns the contract uses, so a sample passes them. */
const PATTERN_SAMPLES: Record<string, string> = {
  '^\\d{6}$': '123456',
  '^[a-zA-Z0-9_.-]{3,32}$': 'fuzz_user',
  '^\\d{4}-\\d{2}-\\d{2}$': '2026-01-02',
  '^[0-9a-f]{32}$': '0123456789abcdef0123456789abcdef',
  '^[0-9a-f]{64}$': '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  '^[1-9]\\d{0,15}$': '1',
  '^[a-z0-9_]{2,40}$': 'fuzz',
  '^data:image\\/png;base64,[A-Za-z0-9+/=]+$': 'data:image/png;base64,iVBORw0KGgo=',
};

/** Values by field name where the schema alone does not say enough (the services check these further). */
const NAME_SAMPLES: Array<[RegExp, string]> = [];
/** A value for fields whose name matches, ahead of the built-in ones (a file the test uploaded, say). */
export function addNameSample(pattern: RegExp, value: string): void {
  NAME_SAMPLES.unshift([pattern, value]);
}
NAME_SAMPLES.push(
  [/^(mobile|account)$/, '13912345678'],
  [/password/, 'FuzzPass2026'],
  [/^(cover|ios|android|win32|qr_\w+|site_logo|record_url|url|link)$/, 'https://example.com/fuzz.png'],
  [/^(platforms|platform_code)$/, 'tidal'],
  [/^original_release_date$/, '2020-01-02'],
  [/date$/, '2030-01-02'],
);

function sampleString(schema: JsonSchema, name: string): string {
  const hint = NAME_SAMPLES.find(([pattern]) => pattern.test(name))?.[1];
  if (hint && hint.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY)) return hint;
  if (schema.pattern && PATTERN_SAMPLES[schema.pattern]) return PATTERN_SAMPLES[schema.pattern]!;
  if (schema.format === 'date-time') return '2026-01-02T03:04:05Z';
  if (schema.format === 'date') return '2026-01-02';
  if (schema.format === 'email') return 'fuzz@example.com';
  if (schema.format === 'uri') return 'https://example.com/';
  if (schema.pattern?.includes('a-z0-9')) return 'fuzz.example.com';
  const min = schema.minLength ?? 0;
  return 'fuzz'.padEnd(Math.max(min, 4), 'z').slice(0, Math.max(min, Math.min(schema.maxLength ?? 4, 4)));
}

/**
 * A value the schema accepts where we can tell (enum, pattern, bounds, the field's name): null where null is
 * allowed, else the first branch of a union.
 */
export function sample(schema: JsonSchema | undefined, depth = 0, name = ''): unknown {
  if (!schema || depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.some((s) => s.type === 'null')) return null;
  if (union?.length) return sample(union[0], depth + 1, name);
  if (schema.allOf?.length) return sample(schema.allOf[0], depth + 1, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return sampleString(schema, name);
    case 'integer':
    case 'number':
      return Math.max(1, Math.ceil(schema.minimum ?? 1));
    case 'boolean':
      // false: a sample never disables, hides or deletes what it names.
      return false;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, depth + 1, name));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = sample(prop, depth + 1, key);
      return out;
    }
    case 'null':
      return null;
    default:
      return 'fuzz';
  }
}

export type Path = Array<string | number>;

/** Every value position in a sample (objects' fields and arrays' first items), leaves and containers alike. */
export function positions(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  if (at.length) out.push(at);
  if (Array.isArray(value)) {
    if (value.length) positions(value[0], [...at, 0], out);
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) positions(v, [...at, key], out);
  }
  return out;
}

/** The value at a position. */
export function valueAt(value: unknown, at: Path): unknown {
  return at.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | undefined)?.[key], value);
}

/** A deep copy of `value` with the position `at` replaced. */
export function replaceAt(value: unknown, at: Path, next: unknown): unknown {
  if (at.length === 0) return next;
  const [head, ...rest] = at;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = replaceAt(copy[head as number], rest, next);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  copy[head as string] = replaceAt(copy[head as string], rest, next);
  return copy;
}

export const ONE_MB = 1_000_000;
export const NUL = 'fu\u0000zz';
/** Right-to-left override and isolate characters around a name, as in spoofed file names. */
export const RTL = '\u202Egnp.exe\u202C\u2067x\u2069';

/** What one field is replaced with: every wrong kind of value a careless or hostile client sends. */
export function spoiltValues(original: unknown, random: () => number): Array<{ kind: string; value: unknown }> {
  const wrongType = typeof original === 'string' ? 12345 : 'not-a-number';
  return [
    { kind: 'wrong-type', value: wrongType },
    { kind: 'null', value: null },
    { kind: 'array', value: [original, original] },
    { kind: 'object', value: { $gt: '', toString: 'x' } },
    { kind: 'nul', value: NUL },
    { kind: 'rtl', value: RTL },
    { kind: 'huge-string', value: 'x'.repeat(ONE_MB) },
    { kind: 'huge-number', value: 1e308 },
    { kind: 'int32-overflow', value: 2_147_483_648 },
    { kind: 'negative', value: -1 },
    { kind: 'fraction', value: 1.5 },
    { kind: 'unicode', value: randomUnicode(random, 40) },
  ];
}

/** Text from every plane, lone surrogates and control characters included. */
export function randomUnicode(random: () => number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    const pick = random();
    if (pick < 0.1) out += String.fromCharCode(0xd800 + Math.floor(random() * 0x800));
    else if (pick < 0.2) out += String.fromCharCode(Math.floor(random() * 0x20));
    else if (pick < 0.3) out += String.fromCodePoint(0x1f300 + Math.floor(random() * 0x300));
    else out += String.fromCharCode(0x20 + Math.floor(random() * 0xffd0));
  }
  return out;
}

/** JSON nested `depth` levels deep, written as text (a parser or walker that recurses may run out of stack). */
export function deepJson(depth: number): string {
  return `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

/** Whole request bodies with the content type they claim. */
export function spoiltBodies(sampleBody: unknown, random: () => number) {
  const json = 'application/json';
  const bytes = Buffer.from(Array.from({ length: 64 }, () => Math.floor(random() * 256)));
  const withKeys = JSON.stringify(sampleBody ?? {}).replace(/^\{/, '{"__proto__":{"admin":true},');
  return [
    { kind: 'empty-json', contentType: json, payload: '' },
    { kind: 'json-null', contentType: json, payload: 'null' },
    { kind: 'json-array', contentType: json, payload: JSON.stringify([sampleBody]) },
    { kind: 'json-string', contentType: json, payload: '"x"' },
    { kind: 'json-number', contentType: json, payload: '1e400' },
    { kind: 'json-truncated', contentType: json, payload: JSON.stringify(sampleBody ?? {}).slice(0, -1) },
    {
      kind: 'proto-key',
      contentType: json,
      payload: withKeys.endsWith(',}') ? withKeys.replace(/,}$/, '}') : withKeys,
    },
    { kind: 'constructor-key', contentType: json, payload: '{"constructor":{"prototype":{"admin":true}}}' },
    { kind: 'nul-key', contentType: json, payload: '{"a\\u0000b":1}' },
    { kind: 'deep-nesting', contentType: json, payload: deepJson(100_000) },
    { kind: 'huge-field', contentType: json, payload: JSON.stringify({ x: 'x'.repeat(ONE_MB) }) },
    {
      kind: 'invalid-utf8',
      contentType: json,
      payload: Buffer.concat([Buffer.from('{"x":"'), bytes, Buffer.from('"}')]),
    },
    { kind: 'json-utf16', contentType: 'application/json; charset=utf-16', payload: '{}' },
    { kind: 'text-plain', contentType: 'text/plain', payload: 'hello\u0000' },
    { kind: 'form', contentType: 'application/x-www-form-urlencoded', payload: 'a=1&a=%00&b[c]=d' },
    {
      kind: 'xml',
      contentType: 'application/xml',
      payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "e">]><x>&e;</x>',
    },
    { kind: 'garbage-type', contentType: '\u00ff/\u00ff; ;;=', payload: '{}' },
    { kind: 'octet-stream', contentType: 'application/octet-stream', payload: bytes },
    ...spoiltMultiparts(),
  ];
}

/** Multipart bodies that do not parse or break the limits (files: 1, fields: 10 in app.ts). */
export function spoiltMultiparts() {
  const b = 'fuzzboundary';
  const type = `multipart/form-data; boundary=${b}`;
  const part = (name: string, body: string, filename?: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n` +
    `Content-Type: application/octet-stream\r\n\r\n${body}\r\n`;
  const fields = Array.from({ length: 20 }, (_, i) => part(`f${i}`, 'v')).join('');
  const files = Array.from({ length: 3 }, (_, i) => part('file', 'GIF89a', `f${i}.gif`)).join('');
  return [
    { kind: 'multipart-no-boundary', contentType: 'multipart/form-data', payload: part('file', 'x', 'a.png') },
    { kind: 'multipart-truncated', contentType: type, payload: part('file', 'x', 'a.png').slice(0, -10) },
    { kind: 'multipart-unterminated', contentType: type, payload: part('file', 'x', 'a.png') },
    { kind: 'multipart-many-fields', contentType: type, payload: `${fields}${part('file', 'x', 'a.png')}--${b}--\r\n` },
    { kind: 'multipart-many-files', contentType: type, payload: `${files}--${b}--\r\n` },
    { kind: 'multipart-nul-name', contentType: type, payload: `${part('fi\u0000le', 'x', 'a\u0000.png')}--${b}--\r\n` },
    {
      kind: 'multipart-nul-field',
      contentType: type,
      payload: `${part('note', NUL)}${part('file', 'GIF89a', 'a.gif')}--${b}--\r\n`,
    },
    { kind: 'multipart-nul-filename', contentType: type, payload: `${part('file', 'GIF89a', NUL)}--${b}--\r\n` },
    { kind: 'multipart-rtl-name', contentType: type, payload: `${part('file', 'GIF89a', RTL)}--${b}--\r\n` },
    { kind: 'multipart-garbage', contentType: type, payload: `--${b}\r\n\u0000\u0000\r\n\r\n--${b}--` },
  ];
}

/** Query strings no client should send; `names` are the operation's own parameters. */
export function spoiltQueries(names: string[]): Array<{ kind: string; query: string }> {
  const first = names[0] ?? 'id';
  return [
    { kind: 'query-bad-escape', query: `${first}=%E0%A4%A&x=%ZZ` },
    { kind: 'query-proto', query: '__proto__[admin]=1&constructor[prototype][admin]=1&__proto__=x' },
    { kind: 'query-nested', query: `${first}[a][b]=1&${first}[]=2` },
    { kind: 'query-huge', query: `${first}=${'x'.repeat(ONE_MB)}` },
    { kind: 'query-many', query: Array.from({ length: 2000 }, (_, i) => `p${i}=${i}`).join('&') },
  ];
}

/** Headers no client should send: broken tus fields, session carriers, cookies and idempotency keys, odd languages. */
export function spoiltHeaders(): Array<{ kind: string; headers: Record<string, string> }> {
  return [
    { kind: 'header-upload-length', headers: { 'upload-length': '-1', 'upload-defer-length': '2' } },
    {
      kind: 'header-upload-length-huge',
      headers: { 'upload-length': '1e400', 'upload-offset': '99999999999999999999' },
    },
    { kind: 'header-upload-metadata', headers: { 'upload-length': '10', 'upload-metadata': 'filename ,kind AA==,,x' } },
    {
      kind: 'header-upload-metadata-nul',
      headers: {
        'upload-length': '10',
        'upload-metadata': `filename ${Buffer.from(NUL).toString('base64')},kind YXVkaW8=`,
      },
    },
    {
      kind: 'header-upload-offset',
      headers: { 'upload-offset': 'abc', 'content-type': 'application/offset+octet-stream' },
    },
    { kind: 'header-token-huge', headers: { token: 'x'.repeat(10_000), 'admin-token': 'y'.repeat(10_000) } },
    { kind: 'header-cookie', headers: { cookie: 'token=%00%ZZ; admin_token=%E0%A4%A; token=2' } },
    { kind: 'header-language', headers: { 'accept-language': `${RTL};q=abc,,,` } },
    { kind: 'header-origin', headers: { origin: 'null', 'sec-fetch-site': 'cross-site' } },
    // One key for every call (the later ones are different requests under a used key), and keys out of pattern.
    { kind: 'header-idempotency', headers: { 'idempotency-key': 'fuzz-key-0001' } },
    { kind: 'header-idempotency-bad', headers: { 'idempotency-key': `\u00e9${'k'.repeat(300)}` } },
  ];
}
