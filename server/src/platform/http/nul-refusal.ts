/**
 * No NUL character (U+0000) in any input: PostgreSQL cannot store it in text (it refused such values with a
 * fault), and no name, title or search has a use for it. The validator compiler every route uses checks the input
 * before the route's own schema does, so each route refuses it with 2001
 * and the field's name. The compiler sees each part a route declares a schema for (body, query string, path
 * parameters, headers); the parts a route has no schema for are parts it does not read. Multipart text fields are
 * checked where they are read (multipart.ts).
 */
import type { Lang } from '@trackline/contract/errors';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

export class NulCharacterError extends Error {
  /** Fastify keeps these on an error a validator answers. */
  statusCode = 200;
  constructor(readonly field: string) {
    super(`NUL character in ${field}`);
  }
}

/**
 * The dotted path of the first string (value or key) holding a NUL, or null. Walks with its own stack, not by
 * recursion: a 1 MiB body can nest a hundred thousand levels deep.
 */
export function findNul(data: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value: data, path: '' }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: join(path, String(i)) });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        if (key.includes('\u0000')) return join(path, key.replaceAll('\u0000', '\\u0000'));
        stack.push({ value: inner, path: join(path, key) });
      }
    }
  }
  return null;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** The zod validator compiler, with the NUL check in front of it; `httpPart` names a NUL in a bare value. */
export const nulRefusingValidatorCompiler: FastifySchemaCompiler<Parameters<typeof validatorCompiler>[0]['schema']> = (
  route,
) => {
  const validate = validatorCompiler(route);
  return (data) => {
    const field = findNul(data);
    if (field !== null) return { error: new NulCharacterError(field || (route.httpPart ?? 'body')) };
    return validate(data);
  };
};

/** The refusal's detail after the catalogue's 2001 text. */
export function nulRefusalText(field: string, lang: Lang): string {
  return lang === 'en' ? `${field} must not contain the NUL character (U+0000)` : `${field} 不能包含空字符（U+0000）`;
}
