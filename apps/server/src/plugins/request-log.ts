import { LogController } from 'fastify';

type Request = Parameters<LogController['incomingRequest']>[0];
type Reply = Parameters<LogController['incomingRequest']>[1];

/**
 * One log line per request at info, when it is answered and naming it, instead of Fastify's two:
 * engines call the licensing API thousands of times a second, and each line is serialized and
 * written. The arrival is still logged at debug, to follow a request that never completes.
 * Fastify's other lines (errors, unknown routes) are unchanged.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: Request): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: Request, reply: Reply): void {
    const line = {
      method: request.method,
      url: request.url,
      remoteAddress: request.ip,
      res: reply,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
