import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { WEBHOOK_ANSWER_KEPT_BYTES, WEBHOOK_TIMEOUT_MS, WebhookMessages } from '@store/core';
import { type AddressPolicy, hostOf, isForbiddenAddress, type Resolve } from './address-policy';

/** What one attempt to deliver a message came to, as the deliveries list shows it. */
export interface PostOutcome {
  /** A 2xx answer within the time allowed. */
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  /** The first kilobyte of the answer. */
  answer: string;
  error: string | null;
}

class ForbiddenAddress extends Error {}

/**
 * The name resolution of one send: the addresses checked are the ones the socket then connects to,
 * so a name that passed when the endpoint was saved and now points inside (DNS rebinding) is refused.
 */
function checkedLookup(policy: AddressPolicy, resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const allowed = policy.allowPrivateAddresses
          ? found
          : found.filter((a) => !isForbiddenAddress(a.address));
        const family = typeof options === 'object' ? options.family : undefined;
        const usable = allowed.filter((a) => !family || a.family === family);
        if (usable.length === 0) {
          const refused = found.find((a) => isForbiddenAddress(a.address));
          const error = refused
            ? new ForbiddenAddress(WebhookMessages.urlPrivateAddress(hostname, refused.address))
            : Object.assign(new Error(`${hostname} has no usable address`), { code: 'ENOTFOUND' });
          callback(error, '', 0);
          return;
        }
        if (typeof options === 'object' && options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

/** Reads at most the kept bytes of an answer, then lets the rest go. */
function readStart(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).subarray(0, WEBHOOK_ANSWER_KEPT_BYTES).toString('utf8'));
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= WEBHOOK_ANSWER_KEPT_BYTES) {
        response.destroy();
        done();
      }
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });
}

/**
 * POSTs one signed message: a fresh connection (no pooled socket skips the address check), no
 * redirect followed, 10 seconds for the whole answer. Never throws: every outcome is recorded.
 */
export async function postMessage(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  policy: AddressPolicy,
  resolve: Resolve,
  now: () => number = Date.now,
): Promise<PostOutcome> {
  const started = now();
  const took = () => Math.max(0, Math.round(now() - started));
  const failed = (error: string): PostOutcome => ({
    ok: false,
    statusCode: null,
    durationMs: took(),
    answer: '',
    error,
  });
  // Checked again at every send: the rules may be stricter now than when it was saved (production
  // started on a demo database). An address written as such is never looked up, so it is judged here.
  const url = new URL(rawUrl);
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:'))
    return failed(WebhookMessages.urlNotHttps);
  const host = hostOf(url);
  if (isIP(host) && !policy.allowPrivateAddresses && isForbiddenAddress(host))
    return failed(WebhookMessages.urlPrivateAddress(host, host));

  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostOutcome>((settle) => {
    const req = send(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: checkedLookup(policy, resolve),
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body).toString(),
          'user-agent': 'LicensedSoftwareStore-Webhooks/1.0',
        },
        timeout: WEBHOOK_TIMEOUT_MS,
      },
      async (response) => {
        const statusCode = response.statusCode ?? 0;
        const answer = await readStart(response);
        clearTimeout(deadline);
        const redirected = statusCode >= 300 && statusCode < 400;
        settle({
          ok: statusCode >= 200 && statusCode < 300,
          statusCode,
          durationMs: took(),
          answer,
          error: redirected ? WebhookMessages.redirected(String(response.headers.location ?? '')) : null,
        });
      },
    );
    // The whole exchange, not only a silence, is bounded: a receiver trickling bytes still ends.
    const deadline = setTimeout(() => req.destroy(new Error('timeout')), WEBHOOK_TIMEOUT_MS);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => {
      clearTimeout(deadline);
      if (error instanceof ForbiddenAddress) settle(failed(error.message));
      else if (error.message === 'timeout') settle(failed(WebhookMessages.timedOut));
      else
        settle(failed(WebhookMessages.unreachable((error as NodeJS.ErrnoException).code ?? error.message)));
    });
    req.end(body);
  });
}
