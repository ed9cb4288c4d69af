import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDatabaseDown, registerErrorHandling } from './errors-plugin';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isDatabaseDown', () => {
  it('recognizes an unreachable, restarting or refusing database', () => {
    for (const err of [
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006', 'connection failure'),
      pgError('53300', 'sorry, too many clients already'),
      pgError('55000', 'database "trackline" is not currently accepting connections'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(isDatabaseDown(err), err.message).toBe(true);
    }
  });

  it('leaves query bugs to be reported as faults', () => {
    for (const err of [
      pgError('42P01', 'relation "messages" does not exist'),
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('55000', 'lastval is not yet defined in this session'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
    ]) {
      expect(isDatabaseDown(err), err.message).toBe(false);
    }
    expect(isDatabaseDown(null)).toBe(false);
  });
});

describe('registerErrorHandling', () => {
  async function answerTo(error: Error, lang = 'zh-CN') {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/', async () => {
      throw error;
    });
    const res = await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': lang } });
    await app.close();
    return { status: res.statusCode, body: res.json() };
  }

  it('answers a value the database refuses (out of range, NUL) with 2001, not a fault', async () => {
    for (const err of [
      pgError('22003', 'value "2147483648" is out of range for type integer'),
      pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'),
      pgError('22P05', 'unsupported Unicode escape sequence'),
    ]) {
      expect(await answerTo(err), err.message).toEqual({
        status: 200,
        body: { code: 2001, msg: '提交的信息有误', data: null },
      });
    }
  });

  it("answers the multipart parser's refusals with 400, code 4000, naming the problem", async () => {
    expect(await answerTo(new Error('Multipart: Boundary not found'), 'en')).toEqual({
      status: 400,
      body: { code: 4000, msg: 'The request is malformed: the multipart body names no boundary', data: null },
    });
    expect(await answerTo(new Error('Unexpected end of multipart data'))).toEqual({
      status: 400,
      body: { code: 4000, msg: '请求格式错误：表单内容不完整', data: null },
    });
  });

  it('still reports other errors as faults', async () => {
    expect((await answerTo(pgError('42P01', 'relation "x" does not exist'))).status).toBe(500);
  });
});
