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
 * The request's first file, with the multipart text fields sent before it refused (2001, naming the field) when
 * one holds a NUL, as every other input is (nul-refusal.ts).
 */
export async function firstFile(
  request: FastifyRequest,
  limits: { fileSize: number; files?: number },
): Promise<MultipartFile | undefined> {
  const file = await request.file({ limits: { files: 1, ...limits } });
  if (!file) return undefined;
  const fields: Record<string, unknown> = {};
  for (const [name, part] of Object.entries(file.fields)) {
    if (name === file.fieldname) continue;
    const parts = Array.isArray(part) ? part : [part];
    fields[name] = parts.map((p) => (p?.type === 'field' ? p.value : (p?.filename ?? '')));
  }
  // The file's own field name and file name count as its text.
  fields[file.fieldname] = file.filename;
  const field = findNul(fields);
  if (field !== null) {
    file.file.resume();
    throw new NulCharacterError(field.replace(/\.\d+$/, ''));
  }
  // A body that ends inside the file part closes the file's stream early: the client's fault, said as such.
  const toBuffer = file.toBuffer.bind(file);
  file.toBuffer = async () => {
    try {
      return await toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
      throw Object.assign(new Error('the multipart body ended inside a file'), { code: 'TL_MULTIPART_TRUNCATED' });
    }
  };
  return file;
}
