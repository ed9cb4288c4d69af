/**
 * Multipart bodies that do not parse or break the limits (app.ts: one file, ten fields) are the client's fault:
 * 400 with the envelope (code 4000) and what was wrong, never a fault. @fastify/multipart names its own refusals
 * with codes; its parser (busboy) throws plain errors, known here by their text.
 */

import type { MultipartFile } from '@fastify/multipart';
import type { Lang } from '@trackline/contract/errors';
import type { FastifyRequest } from 'fastify';
import { findNul, NulCharacterError } from './nul-refusal';

type Problem = 'boundary' | 'truncated' | 'fields' | 'files' | 'parts' | 'field_name' | 'not_multipart';

const PROBLEM_BY_CODE: Record<string, Problem> = {
  TL_MULTIPART_TRUNCATED: 'truncated',
  FST_FIELDS_LIMIT: 'fields',
  FST_FILES_LIMIT: 'files',
  FST_PARTS_LIMIT: 'parts',
  FST_PROTO_VIOLATION: 'field_name',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'not_multipart',
  FST_INVALID_JSON_FIELD_ERROR: 'field_name',
};

const PROBLEM_BY_TEXT: Array<[RegExp, Problem]> = [
  [/^Multipart: Boundary not found$|^Boundary required$/, 'boundary'],
  [/unexpected end of multipart data$/i, 'truncated'],
];

const TEXTS: Record<Problem, { zh: string; en: string }> = {
  boundary: { zh: '表单缺少分隔符（boundary）', en: 'the multipart body names no boundary' },
  truncated: { zh: '表单内容不完整', en: 'the multipart body ends too early' },
  fields: { zh: '表单字段过多', en: 'the form has too many fields' },
  files: { zh: '每次只能上传一个文件', en: 'only one file per request' },
  parts: { zh: '表单内容过多', en: 'the form has too many parts' },
  field_name: { zh: '表单字段名或内容不允许', en: 'a form field name or value is not allowed' },
  not_multipart: { zh: '请求不是 multipart/form-data', en: 'the request is not multipart/form-data' },
};

/** What was wrong with a multipart body, in the caller's language; null when `error` is not about one. */
export function multipartProblem(error: { code?: string; message?: string }, lang: Lang): string | null {
  const problem =
    (error.code ? PROBLEM_BY_CODE[error.code] : undefined) ??
    PROBLEM_BY_TEXT.find(([pattern]) => pattern.test(error.message ?? ''))?.[1];
  if (!problem) return null;
  return lang === 'en' ? TEXTS[problem].en : TEXTS[problem].zh;
}

/**
 * The request's first file, for the upload calls: read with the parts iterator (not `request.file()`, which stops
 * listening at the first file), so that what comes after the file — a second file, more fields than allowed, a
 * body that ends early — is refused when the file is read (`toBuffer`) instead of passing unnoticed or surfacing as
 * a closed stream. Text fields and file names holding a NUL are refused (2001, naming the field) like every other
 * input (nul-refusal.ts).
 */
export async function firstFile(
  request: FastifyRequest,
  limits: { fileSize: number; files?: number },
): Promise<MultipartFile | undefined> {
  const parts = request.parts({ limits: { files: 1, ...limits } })[Symbol.asyncIterator]();
  const fields: Record<string, string[]> = {};
  let file: MultipartFile | undefined;
  while (!file) {
    const next = await parts.next();
    if (next.done) break;
    if (next.value.type === 'file') file = next.value;
    else fields[next.value.fieldname] = [...(fields[next.value.fieldname] ?? []), String(next.value.value)];
  }
  // The file's own field name and file name count as its text.
  const nul = findNul(file ? { ...fields, [file.fieldname]: file.filename } : fields);
  if (nul !== null) {
    file?.file.resume();
    throw new NulCharacterError(nul.replace(/\.\d+$/, ''));
  }
  if (!file) return undefined;
  const toBuffer = file.toBuffer.bind(file);
  file.toBuffer = async () => {
    let body: Buffer;
    try {
      body = await toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
      // The parser stopped feeding the file: the iterator holds why (a limit), else the body ended early. Waited
      // for a moment only, so that a parser with nothing more to say cannot hold the request.
      await Promise.race([parts.next(), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      throw Object.assign(new Error('the multipart body ended inside a file'), { code: 'TL_MULTIPART_TRUNCATED' });
    }
    // The rest of the body: a second file or too many fields is refused here; trailing text fields are checked.
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      if (next.value.type === 'file') next.value.file.resume();
      else {
        const trailing = findNul({ [next.value.fieldname]: String(next.value.value) });
        if (trailing !== null) throw new NulCharacterError(trailing);
      }
    }
    return body;
  };
  return file;
}
