import { LogController } from 'fastify';
import { ENGINE_CALLS } from './route-security';

type Request = Parameters<LogController['incomingRequest']>[0];
type Reply = Parameters<LogController['incomingRequest']>[1];

/**
 * One log line per request at info, when it is answered and naming it, instead of Fastify's two:
 * engines call the licensing API thousands of times a second, and each line is serialized and
 * written. The arrival is still logged at debug, to follow a request that never completes.
 * An engine's call that succeeded is logged at debug: engines validate and heartbeat all day, the
 * metrics count every call by route and status, and the log keeps what needs a look (refusals,
 * errors). Fastify's other lines (errors, unknown routes) are unchanged.
 *
 * A request is named by its route's pattern (`/api/person/reset_password/:resetId`), never its raw
 * URL: reset and verify links carry their token in the path, and a log outlives the link.
 */
export class RequestLog extends LogController {
  // Both decide the level first: at the usual level an engine's call that succeeded builds no line.
  override incomingRequest(request: Request): void {
    if (!debugEnabled(request.log)) return;
    request.log.debug({ method: request.method, route: routeOf(request) }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: Request, reply: Reply): void {
    const quiet = !error && reply.statusCode < 400 && request.url.startsWith(ENGINE_CALLS);
    if (quiet && !debugEnabled(reply.log)) return;
    const line = {
      method: request.method,
      route: routeOf(request),
      remoteAddress: request.ip,
      res: reply,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (quiet) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

/** Whether debug lines are written; a logger that cannot say (Fastify's null logger) is asked anyway. */
function debugEnabled(log: object): boolean {
  const ask = (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return typeof ask !== 'function' || ask.call(log, 'debug');
}

/** The pattern of the route that answered; a request no route matched is not named. */
function routeOf(request: Request): string {
  return request.routeOptions.url ?? '(no route)';
}
