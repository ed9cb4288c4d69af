/**
 * Input no client should send is refused with the envelope, never a fault: a NUL character anywhere (query, JSON
 * body, multipart field, tus metadata) → 2001 naming the field; multipart that does not parse or breaks the limits
 * → 400, code 4000; headers over Node's limit → 431, code 4130, written on the socket; a path that does not decode
 * → 400. The fuzzer (fuzz.test.ts) walks every operation; these pin the exact answers.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from './files';
import { call, createTestApp, registerUser, type TestApp } from './harness';

let t: TestApp;
let token: string;
let address: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await registerUser(t, {}, '10.87.0.1')).token;
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

describe('a NUL character', () => {
  it('in a query string is refused with 2001 naming the parameter, in both languages', async () => {
    const zh = await call(t.app, { method: 'GET', url: '/api/agent/info?domain=a%00b.example.com' });
    expect(zh.status).toBe(200);
    expect(zh.body).toEqual({
      code: 2001,
      msg: '提交的信息有误：domain 不能包含空字符（U+0000）',
      data: { fields: ['domain'] },
    });
    const en = await call(t.app, {
      method: 'GET',
      url: '/api/publish/list?keyword=%00',
      headers: { token, 'accept-language': 'en' },
    });
    expect(en.body).toEqual({
      code: 2001,
      msg: 'Some of the information is not valid: keyword must not contain the NUL character (U+0000)',
      data: { fields: ['keyword'] },
    });
  });

  it('in a JSON body is refused with 2001 naming the field, nested fields by their path', async () => {
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/user/login',
      payload: { account: '13800138000\u0000', password: 'Secret123' },
      headers: { 'accept-language': 'en' },
    });
    expect(login.status).toBe(200);
    expect(login.body.code).toBe(2001);
    expect(login.body.msg).toBe(
      'Some of the information is not valid: account must not contain the NUL character (U+0000)',
    );
    const nested = await call(t.app, {
      method: 'POST',
      url: '/api/workorder/create',
      headers: { token },
      payload: { type: 1, title: 'Help', content: 'Something went wrong', attachments: ['a', 'b\u0000'] },
    });
    expect(nested.body).toMatchObject({ code: 2001, data: { fields: ['attachments.1'] } });
    expect(nested.body.msg).toContain('attachments.1 不能包含空字符');
    // In a key, too (the key is named with the NUL written out).
    const key = await call(t.app, {
      method: 'POST',
      url: '/api/publish/list',
      headers: { token, 'content-type': 'application/json' },
      payload: '{"x\\u0000y": 1}',
    });
    expect(key.body).toMatchObject({ code: 2001, data: { fields: ['x\\u0000y'] } });
  });

  it('in a multipart text field or a file name is refused with 2001 naming the field', async () => {
    const b = 'nulboundary';
    const part = (name: string, body: string, filename?: string) =>
      `--${b}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${body}\r\n`;
    for (const [payload, field] of [
      [`${part('note', 'a\u0000b')}${part('file', 'GIF89a', 'a.gif')}--${b}--\r\n`, 'note'],
      [`${part('file', 'GIF89a', 'a\u0000.gif')}--${b}--\r\n`, 'file'],
    ] as const) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/common/upload',
        headers: { token, 'content-type': `multipart/form-data; boundary=${b}` },
        payload,
      });
      expect(res.status, field).toBe(200);
      expect(res.body, field).toEqual({
        code: 2001,
        msg: `提交的信息有误：${field} 不能包含空字符（U+0000）`,
        data: { fields: [field] },
      });
    }
  });

  it('in a resumable upload’s metadata is refused with 400, code 2001', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/upload/tus',
      headers: {
        token,
        'tus-resumable': '1.0.0',
        'upload-length': '100',
        'upload-metadata': `kind ${Buffer.from('audio').toString('base64')},filename ${Buffer.from('a\u0000.wav').toString('base64')}`,
        'accept-language': 'en',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 2001, data: { fields: ['Upload-Metadata filename'] } });
    expect(res.body.msg).toContain('must not contain the NUL character');
  });
});

describe('malformed multipart', () => {
  const b = 'fuzzb';
  const file = (name = 'a.png') =>
    `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n${png().toString('latin1')}\r\n`;
  const field = (i: number) => `--${b}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`;
  const cases: Array<[string, string, string, string]> = [
    ['no boundary', 'multipart/form-data', `${file()}--${b}--\r\n`, '表单缺少分隔符（boundary）'],
    ['a body that ends inside the file', `multipart/form-data; boundary=${b}`, file(), '表单内容不完整'],
    [
      'too many fields (more than 10)',
      `multipart/form-data; boundary=${b}`,
      `${Array.from({ length: 11 }, (_, i) => field(i)).join('')}${file()}--${b}--\r\n`,
      '表单字段过多',
    ],
    [
      'too many files (more than 1)',
      `multipart/form-data; boundary=${b}`,
      `${file('a.png')}${file('b.png')}--${b}--\r\n`,
      '每次只能上传一个文件',
    ],
  ];

  it.each(cases)('with %s answers 400, code 4000, naming the problem', async (_name, contentType, payload, text) => {
    for (const [url, headers] of [
      ['/api/common/upload', { token }],
      ['/api/admin/upload/image', {}],
    ] as const) {
      const res = await call(t.app, {
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': contentType },
        payload: Buffer.from(payload, 'latin1'),
      });
      expect(res.status, url).toBeLessThan(500);
      if (url === '/api/common/upload') {
        // The admin call refuses the anonymous caller first; the musician's call reaches the parser.
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ code: 4000, msg: `请求格式错误：${text}`, data: null });
      } else {
        expect(typeof res.body.code).toBe('number');
      }
    }
  });

  it('with a body cut inside the first part header holds no file: 2062, as a form without one', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/common/upload',
      headers: { token, 'content-type': `multipart/form-data; boundary=${b}` },
      payload: `--${b}\r\nContent-Disposition: form-da`,
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(2062);
  });

  it('still takes a well-formed upload, text fields before and after the file included', async () => {
    const payload = `${field(1)}${file()}${field(2)}--${b}--\r\n`;
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/common/upload',
      headers: { token, 'content-type': `multipart/form-data; boundary=${b}` },
      payload: Buffer.from(payload, 'latin1'),
    });
    expect(res.body.code).toBe(1);
  });
});

/** Sends raw bytes to the listening server and answers everything it wrote back before closing. */
function rawRequest(text: string): Promise<string> {
  const { hostname, port } = new URL(address);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (err) => ((err as { code?: string }).code === 'ECONNRESET' ? undefined : reject(err)));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(text);
  });
}

function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const headers = head.split('\r\n');
  const length = headers
    .find((h) => h.toLowerCase().startsWith('content-length:'))
    ?.split(':')[1]
    ?.trim();
  return { status: headers[0], body: JSON.parse(body), length: Number(length), bodyBytes: Buffer.byteLength(body) };
}

describe('what the HTTP parser refuses', () => {
  it('answers headers over the size limit with 431 and the envelope, in the language asked for', async () => {
    const big = `x-filler: ${'a'.repeat(20 * 1024)}\r\n`;
    const zh = parseRaw(await rawRequest(`GET /api/ping HTTP/1.1\r\nHost: x\r\n${big}\r\n`));
    expect(zh.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(zh.body).toEqual({ code: 4130, msg: '请求内容过大：请求头过大', data: null });
    expect(zh.length).toBe(zh.bodyBytes);
    const en = parseRaw(await rawRequest(`GET /api/ping HTTP/1.1\r\nHost: x\r\nAccept-Language: en-GB\r\n${big}\r\n`));
    expect(en.body).toEqual({
      code: 4130,
      msg: 'The request is too large: the request headers are too large',
      data: null,
    });
  });

  it('answers bytes that are not HTTP with 400 and the envelope', async () => {
    const res = parseRaw(await rawRequest('NOT HTTP AT ALL\u0000\r\n\r\n'));
    expect(res.status).toBe('HTTP/1.1 400 Bad Request');
    expect(res.body).toEqual({ code: 4000, msg: '请求格式错误', data: null });
  });

  it('answers a path that does not decode with 400, and an overlong path parameter with 414, both enveloped', async () => {
    const bad = await call(t.app, { method: 'DELETE', url: '/api/upload/tus/%E0%A4%A', headers: { token } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 4000, msg: '请求格式错误', data: null });
    const long = await call(t.app, { method: 'DELETE', url: `/api/upload/tus/${'x'.repeat(500)}`, headers: { token } });
    expect(long.status).toBe(414);
    expect(long.body).toEqual({ code: 4130, msg: '请求内容过大', data: null });
  });
});
