/** OpenAPI 3.1 generated from the same zod schemas the routes validate with, served at /api/docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Trackline API',
        version: '1.0.0',
        description:
          'Every answer is the envelope { code, msg, data }: code 1 (or 100) success, 1000 session invalid, others a refusal with a localized msg.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          adminToken: { type: 'apiKey', in: 'header', name: 'admin-token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
