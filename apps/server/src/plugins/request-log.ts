import type { FastifyInstance } from 'fastify';

/**
 * One log line per answered request, instead of Fastify's two (incoming, completed): engines call
 * the licensing API thousands of times a second, and each line is serialized and written.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
        remoteAddress: request.ip,
      },
      'request completed',
    );
    done();
  });
}
