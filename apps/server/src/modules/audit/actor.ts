import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { type AuditActor, Rights } from '@store/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Clock, systemClock } from '../../lib/clock';
import { ENGINE_CALLS } from '../../plugins/route-security';

/** Who made a change and from which address (docs/decisions/017). */
export interface Actor extends AuditActor {
  address: string | null;
}

interface ActorContext {
  /** Read when a change is recorded, so a person who signs in during the request is named. */
  actor: () => Actor;
  clock: Clock;
}

export const SYSTEM_ACTOR: Actor = { kind: 'system', name: 'The store', address: null };
/**
 * The operator's command-line tool, named by who ran it: the store operator given with `--as`, or
 * else the account that ran it on the server ("Operator command line (ana)").
 */
export const commandLineActor = (runBy: { personId: number; name: string } | { osUser: string }): Actor =>
  'osUser' in runBy
    ? { kind: 'operator', name: `Operator command line (${runBy.osUser})`, address: null }
    : { kind: 'operator', personId: runBy.personId, name: `${runBy.name} (command line)`, address: null };

const storage = new AsyncLocalStorage<ActorContext>();

/*
 * On node 20 an enabled AsyncLocalStorage runs a hook on every promise the process creates, which
 * cost engine validations about a third of their time (docs/decisions/021). So the storage is
 * enabled only while some work that may record a change is under way, and disabled when the last
 * such work ends; other work then runs without the hook.
 */
let scopes = 0;

function enterScope<T>(context: ActorContext, work: () => T): T {
  scopes += 1;
  return storage.run(context, work);
}

function leaveScope(): void {
  scopes -= 1;
  if (scopes === 0) storage.disable();
}

/** The actor of the work being done now: the request's, the operator tool's, else the store itself. */
export function currentActor(): { actor: Actor; at: Date } {
  const context = storage.getStore();
  return {
    actor: context?.actor() ?? SYSTEM_ACTOR,
    at: (context?.clock ?? systemClock).now(),
  };
}

/** The time of the change being made now, by the clock of the request or work that makes it. */
export const changeTime = (): Date => currentActor().at;

/** Runs work outside a request (the operator tool, the scheduler) as the given actor. */
export async function runAs<T>(actor: Actor, clock: Clock, work: () => Promise<T>): Promise<T> {
  try {
    return await enterScope({ actor: () => actor, clock }, work);
  } finally {
    leaveScope();
  }
}

export function personActor(
  person: { id: number; firstName: string; lastName: string; rights: number },
  address: string | null,
): Actor {
  return {
    kind: person.rights & Rights.Operator ? 'operator' : 'person',
    personId: person.id,
    name: `${person.firstName} ${person.lastName}`.trim(),
    address,
  };
}

/** Names the person an anonymous request turns out to be (registration, a mailed link). */
export const asPerson = (person: { id: number; firstName: string; lastName: string }): Partial<Actor> => ({
  kind: 'person',
  personId: person.id,
  name: `${person.firstName} ${person.lastName}`.trim(),
});

/**
 * A request's actor: the signed-in person, an organization API token (by its name, never as a
 * person), or an anonymous person (registration, a reset link).
 */
function requestActor(request: FastifyRequest): Actor {
  const auth = request.auth;
  if (auth?.apiToken) return { kind: 'api-token', name: auth.apiToken.name, address: request.ip };
  return auth ? personActor(auth.person, request.ip) : { kind: 'person', address: request.ip };
}

const resources = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Carries each request's actor to the services it calls, so recording a change is one small call
 * with no actor threaded through every signature. The body is read in another async context, so the
 * context is restored before validation (the way @fastify/request-context does it).
 *
 * Engine calls record no change (nothing under the licensing routes writes the audit log), so they
 * run outside the context. A request's scope ends when its answer is about to be sent (onSend runs
 * once the handler has returned or thrown, also for a client that went away).
 */
export function registerRequestActor(app: FastifyInstance, clock: Clock): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.startsWith(ENGINE_CALLS)) return done();
    enterScope({ actor: () => requestActor(request), clock }, () => {
      resources.set(request, new AsyncResource('audit-actor'));
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resources.get(request);
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (resources.delete(request)) leaveScope();
    done(null, payload);
  });
}

/** Whether work that may record a change is under way (the storage is enabled); for tests. */
export const actorScopesOpen = () => scopes;
