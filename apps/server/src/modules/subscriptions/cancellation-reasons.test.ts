import { CANCELLATION_COMMENT_MAX, CancellationReasonMessages } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOperator } from '../../../test/support/operator';
import { refusal } from '../../../test/support/refusal';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { subscriptionCancellations, subscriptions } from '../../db/schema';

// Why customers cancel (docs/decisions/035): the optional answer of Cancel Subscription, kept by
// this module, and the console's report of it per month and plan.

let t: TestApp;
let demo: Awaited<ReturnType<TestApp['loginDemo']>>;
let op: Awaited<ReturnType<typeof loginOperator>>;
let ids: Map<string, number>;

const cancel = (name: string, body?: unknown) =>
  demo.delete(`/api/subscription/${ids.get(name)}`, undefined, body);
const answersOf = (name: string) =>
  t.db
    .select()
    .from(subscriptionCancellations)
    .where(eq(subscriptionCancellations.subscriptionId, ids.get(name)!));

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.loginDemo();
  op = await loginOperator(t);
  const all = (await demo.get('/api/subscription/all')).body as {
    description: string;
    subscriptionId: number;
  }[];
  ids = new Map(all.map((s) => [s.description, s.subscriptionId]));
});
afterAll(() => t.close());

describe('DELETE /api/subscription/:id with a reason', () => {
  it('keeps the reason and the trimmed text with the plan the subscription was on', async () => {
    const res = await cancel('Flex Reporting', {
      reason: 'missing-feature',
      comment: '  No PDF/UA export. ',
    });
    expect(res.status).toBe(200);
    expect(res.body.deactivateDate).not.toBeNull();
    const [sub] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, ids.get('Flex Reporting')!));
    expect(await answersOf('Flex Reporting')).toEqual([
      expect.objectContaining({
        pricingPlanId: sub!.pricingPlanId,
        reason: 'missing-feature',
        comment: 'No PDF/UA export.',
        cancelledAt: t.clock.now(),
      }),
    ]);
  });

  it('cancels as before without a body, and counts the cancellation with no reason', async () => {
    const res = await cancel('Classic Engine');
    expect(res.status).toBe(200);
    expect(res.body.deactivateDate).not.toBeNull();
    expect(await answersOf('Classic Engine')).toEqual([
      expect.objectContaining({ reason: null, comment: null }),
    ]);
  });

  it('reads text without a chosen reason as Other', async () => {
    expect((await cancel('Template Studio', { comment: 'We moved the team.' })).status).toBe(200);
    expect(await answersOf('Template Studio')).toEqual([
      expect.objectContaining({ reason: 'other', comment: 'We moved the team.' }),
    ]);
  });

  it.each([
    [{ reason: 'bored' }, CancellationReasonMessages.unknownReason],
    [
      { reason: 'other', comment: 'x'.repeat(CANCELLATION_COMMENT_MAX + 1) },
      CancellationReasonMessages.commentTooLong,
    ],
    [{ comment: 42 }, CancellationReasonMessages.commentNotText],
  ])('refuses %j with 400 and its message, and changes nothing', async (body, message) => {
    const res = await cancel('Job Manager', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    const after = (await demo.get(`/api/subscription/${ids.get('Job Manager')}`)).body;
    expect(after.deactivateDate).toBeNull();
    expect(await answersOf('Job Manager')).toEqual([]);
  });

  it('refuses a field it does not know', async () => {
    const res = await cancel('Job Manager', { why: 'no' });
    expect(res.status).toBe(400);
    expect(await answersOf('Job Manager')).toEqual([]);
  });
});

describe('GET /api/ops/cancellation-reasons', () => {
  it('lists reasons per month and plan with counts and the free texts, newest month first', async () => {
    t.clock.set('2026-12-03T09:00:00Z');
    // A month on, the sessions have lapsed.
    demo = await t.loginDemo();
    op = await loginOperator(t);
    expect((await cancel('Job Manager', { reason: 'too-expensive' })).status).toBe(200);

    const res = await op.get('/api/ops/cancellation-reasons?months=2');
    expect(res.status).toBe(200);
    expect(res.body.from).toBe('2026-11-01T00:00:00.000Z');
    const months = res.body.groups.map((g: { month: string }) => g.month);
    expect(months).toEqual([...months].sort().reverse());
    expect(months[0]).toBe('2026-12');
    const december = res.body.groups.filter((g: { month: string }) => g.month === '2026-12');
    expect(december).toEqual([
      expect.objectContaining({
        cancellations: 1,
        reasons: [{ reason: 'too-expensive', count: 1 }],
        comments: [],
      }),
    ]);
    const november = res.body.groups.filter((g: { month: string }) => g.month === '2026-11');
    expect(november.reduce((n: number, g: { cancellations: number }) => n + g.cancellations, 0)).toBe(3);
    const texts = november.flatMap((g: { comments: { text: string }[] }) => g.comments.map((c) => c.text));
    expect(texts.sort()).toEqual(['No PDF/UA export.', 'We moved the team.']);
    const reasons = november.flatMap((g: { reasons: { reason: string }[] }) =>
      g.reasons.map((r) => r.reason),
    );
    expect(reasons.sort()).toEqual(['missing-feature', 'none', 'other']);

    const thisMonth = await op.get('/api/ops/cancellation-reasons?months=1');
    expect(thisMonth.body.groups.map((g: { month: string }) => g.month)).toEqual(['2026-12']);
  });

  it('refuses a bad month count and is no customer route', async () => {
    const bad = await op.get('/api/ops/cancellation-reasons?months=0');
    expect(bad.status).toBe(400);
    expect(refusal(bad.body)).toContain('months must be at least 1');
    expect((await demo.get('/api/ops/cancellation-reasons')).status).toBe(404);
  });
});
