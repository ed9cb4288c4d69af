/**
 * preValidation for calls that take their fields as JSON body or as query parameters alike (the spec's
 * "GET and POST" calls): the query and the body (body wins) become the body the schema checks, and an absent
 * body becomes an empty one, so defaults apply.
 */
import type { FastifyRequest } from 'fastify';

export async function bodyFromQuery(request: FastifyRequest): Promise<void> {
  const body = request.body && typeof request.body === 'object' ? request.body : {};
  const query = request.query && typeof request.query === 'object' ? request.query : {};
  request.body = { ...query, ...body };
}
