import { LogController } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ENGINE_CALLS } from './route-security';

type Request = Parameters<LogController['incomingRequest']>[0];
type Reply = Parameters<LogController['incomingRequest']>[1];

/**
 * One log line per request at info, when it is answered and naming it, instead of Fastify's two:
 * engines call the licensing API thousands of times a second, and each line is serialized and
 * written. The arrival is still logged at debug, to follow a request that never completes.
 * An engine's call that succeeded is logged at debug: engines validate and heartbeat all day, the
 * metrics count every call by route and status, and the log keeps what needs a look (refusals,
 * errors). An engine's refusal is logged at info once a minute per route, address and status, the
 * line counting the ones since: an engine that ignores Retry-After or runs on a stopped license
 * calls thousands of times a second, and a line each drowned the log (the rest go at debug).
 * Fastify's other lines (errors, unknown routes) are unchanged.
 *
 * A request is named by its route's pattern (`/api/person/reset_password/:resetId`), never its raw
 * URL: reset and verify links carry their token in the path, and a log outlives the link.
 */
export class RequestLog extends LogController {
  // When each kind of engine refusal was last logged at info, and how many went at debug since.
  readonly #refusals = new LRUCache<string, { loggedAt: number; since: number }>({ max: 10_000 });

  // Both decide the level first: at the usual level an engine's call that succeeded builds no line.
  override incomingRequest(request: Request): void {
    if (!debugEnabled(request.log)) return;
    request.log.debug({ method: request.method, route: routeOf(request) }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: Request, reply: Reply): void {
    const engine = request.url.startsWith(ENGINE_CALLS);
    const refusal = engine && !error && reply.statusCode >= 400 && reply.statusCode < 500;
    const since = refusal ? this.#refusalsSinceLine(request, reply) : 0;
    const quiet = (engine && !error && reply.statusCode < 400) || since === null;
    if (quiet && !debugEnabled(reply.log)) return;
    const line = {
      method: request.method,
      route: routeOf(request),
      remoteAddress: request.ip,
      res: reply,
      responseTime: reply.elapsedTime,
      ...(since ? { refusedSinceLastLine: since } : {}),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (quiet) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }

  /**
   * How many refusals of this kind went at debug since its last info line, this one to get a line;
   * null when that line is less than a minute old (this one goes at debug, counted into the next).
   */
  #refusalsSinceLine(request: Request, reply: Reply): number | null {
    const kind = `${routeOf(request)} ${request.ip} ${reply.statusCode}`;
    const now = performance.now();
    const last = this.#refusals.get(kind);
    if (last && now - last.loggedAt < REFUSAL_LINE_MS) {
      last.since++;
      return null;
    }
    this.#refusals.set(kind, { loggedAt: now, since: 0 });
    return last?.since ?? 0;
  }
}

/** How often an engine's repeated refusal of one kind is logged at info. */
const REFUSAL_LINE_MS = 60_000;

/** Whether debug lines are written; a logger that cannot say (Fastify's null logger) is asked anyway. */
function debugEnabled(log: object): boolean {
  const ask = (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return typeof ask !== 'function' || ask.call(log, 'debug');
}

/** The pattern of the route that answered; a request no route matched is not named. */
function routeOf(request: Request): string {
  return request.routeOptions.url ?? '(no route)';
}
