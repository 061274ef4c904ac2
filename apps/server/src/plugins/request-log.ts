import type { FastifyInstance } from 'fastify';

/**
 * One log line per answered request at info, instead of Fastify's two (incoming, completed): engines
 * call the licensing API thousands of times a second, and each line is serialized and written. The
 * arrival is logged too at debug, to follow a request that never completes.
 */
export function registerRequestLog(app: FastifyInstance): void {
  if (app.log.level === 'debug' || app.log.level === 'trace') {
    app.addHook('onRequest', (request, _reply, done) => {
      request.log.debug({ method: request.method, url: request.url }, 'incoming request');
      done();
    });
  }
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
