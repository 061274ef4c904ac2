import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { queryRows } from '../db/client';
import { subscriptions } from '../db/schema';
import { registerErrorHandler } from '../plugins/error-handler';

// Bad input gets a readable 400, never a 500 (docs/design.md §4): neither a value the schemas let through
// that the database refuses, nor an engine's report whose clock has an odd offset.

let t: TestApp;
/** The error handler alone, in front of routes that hand the real database a value it refuses. */
let probe: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  probe = Fastify();
  registerErrorHandler(probe);
  probe.get<{ Querystring: { cast: string; value: string } }>('/cast', async (request) => {
    const { cast, value } = request.query;
    const casts: Record<string, ReturnType<typeof sql>> = {
      timestamptz: sql`SELECT ${value}::timestamptz AS v`,
      integer: sql`SELECT ${value}::integer AS v`,
      date: sql`SELECT ${value}::date AS v`,
      numeric: sql`SELECT ${value}::numeric(4, 2) AS v`,
      text: sql`SELECT ${value}::text AS v`,
    };
    return (await queryRows(t.db, casts[cast]!))[0];
  });
});
afterAll(async () => {
  await probe.close();
  await t.close();
});

describe("a value PostgreSQL refuses (SQLSTATE class 22, 'data exception')", () => {
  it.each([
    [
      'timestamptz',
      '2026-11-20T10:00:00+16:52',
      'A date or time in the request is out of range or not valid.',
    ],
    ['timestamptz', 'yesterday-ish', 'A date or time in the request is out of range or not valid.'],
    ['date', '2026-02-30', 'A date or time in the request is out of range or not valid.'],
    ['integer', '2147483648', 'A number in the request is out of range.'],
    ['numeric', '123.456', 'A number in the request is out of range.'],
    ['integer', 'twelve', 'A value in the request is not written as its type requires.'],
    ['text', 'a\u0000b', 'A text in the request holds a character that is not allowed.'],
  ])('%s from %j is a 400 with a readable message', async (cast, value, message) => {
    const res = await probe.inject({ url: '/cast', query: { cast, value } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'BAD_VALUE' });
  });
});

describe("an engine's usage report whose time has a UTC offset beyond ±15:59", () => {
  it('is counted at its UTC instant, and the rest of the batch with it', async () => {
    const [sub] = await t.db
      .select({ id: subscriptions.id, key: subscriptions.apiKey1 })
      .from(subscriptions)
      .where(sql`${subscriptions.description} = 'Flex Reporting'`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/licensing/usage',
      payload: {
        licenseKey: sub!.key,
        reports: [
          { transactionId: 'offset-1', hostname: 'offset-host', pages: 7, time: '2026-11-20T10:00:00+16:52' },
          { transactionId: 'offset-2', hostname: 'offset-host', pages: 3, time: '2026-11-19T23:30:00-23:59' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 2, duplicates: 0, pages: 10 });
    const days = await queryRows<{ day: string; pages: number }>(
      t.db,
      sql`SELECT day::text, pages::int FROM usage_rollups WHERE subscription_id = ${sub!.id} AND hostname = 'offset-host' ORDER BY day`,
    );
    // 10:00 at +16:52 is 17:08 UTC the day before; 23:30 at -23:59 is 23:29 UTC the next day.
    expect(days).toEqual([
      { day: '2026-11-19', pages: 7 },
      { day: '2026-11-20', pages: 3 },
    ]);
  });
});
