/**
 * Draining before a stop (main.ts on SIGTERM): for a grace period the server keeps its connections and answers every
 * new request 503 in the envelope with `Connection: close`, so a client that reuses a kept-alive connection learns to
 * go elsewhere instead of meeting a reset. Requests already running finish, and their answers close the connection
 * too. Closing the server (which drops idle connections) comes only after the grace period.
 */
import type { FastifyInstance } from 'fastify';
import { failure, langOf } from './envelope';

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on every request is refused with 503 + Connection: close (see draining.ts). */
    startDraining(): void;
  }
}

export function registerDraining(app: FastifyInstance): void {
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!draining) return;
    return reply
      .status(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .send(failure('UNAVAILABLE', langOf(request)));
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
}
