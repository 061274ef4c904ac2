import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_COMMENT_MAX,
  CancellationReasonMessages,
  CancelSubscriptionBodySchema,
  cancelBodyOf,
  cancellationAnswerOf,
  cancellationReasonText,
} from './cancellation-reasons';
import { groupCancellations, monthText, reportStartOf } from './ops/cancellation-reasons';

describe('cancellationAnswerOf', () => {
  it.each([
    [undefined, { reason: null, comment: null }],
    [{}, { reason: null, comment: null }],
    [{ reason: 'too-expensive' as const }, { reason: 'too-expensive', comment: null }],
    [
      { reason: '' as const, comment: '   ' },
      { reason: null, comment: null },
    ],
    [{ comment: '  Too slow on big files ' }, { reason: 'other', comment: 'Too slow on big files' }],
    [
      { reason: 'missing-feature' as const, comment: 'No PDF/UA' },
      { reason: 'missing-feature', comment: 'No PDF/UA' },
    ],
  ])('%j reads %j', (body, answer) => {
    expect(cancellationAnswerOf(body)).toEqual(answer);
  });
});

describe('cancelBodyOf', () => {
  it.each([
    [{ reason: '' as const, comment: ' ' }, undefined],
    [{ reason: 'other' as const, comment: '' }, { reason: 'other' }],
    [
      { reason: '' as const, comment: ' Slow ' },
      { reason: 'other', comment: 'Slow' },
    ],
  ])('%j sends %j', (form, body) => {
    expect(cancelBodyOf(form)).toEqual(body);
  });
});

describe('CancelSubscriptionBodySchema', () => {
  const issues = (body: unknown) =>
    CancelSubscriptionBodySchema.safeParse(body).error?.issues.map((i) => i.message) ?? [];

  it('takes no reason, a listed reason and text up to the limit', () => {
    expect(issues({})).toEqual([]);
    expect(issues({ reason: 'other', comment: 'x'.repeat(CANCELLATION_COMMENT_MAX) })).toEqual([]);
  });

  it('refuses an unknown reason, overlong text and unknown fields, each with its message', () => {
    expect(issues({ reason: 'bored' })).toEqual([CancellationReasonMessages.unknownReason]);
    expect(issues({ comment: 'x'.repeat(CANCELLATION_COMMENT_MAX + 1) })).toEqual([
      CancellationReasonMessages.commentTooLong,
    ]);
    expect(issues({ comment: 5 })).toEqual([CancellationReasonMessages.commentNotText]);
    expect(issues({ why: 'x' })).toHaveLength(1);
  });
});

describe('the report', () => {
  it('names reasons and months in words and starts on the first of the earliest month', () => {
    expect(cancellationReasonText('switched-product')).toBe('Switched to another product');
    expect(cancellationReasonText(null)).toBe('No reason given');
    expect(monthText('2026-11')).toBe('November 2026');
    expect(reportStartOf(new Date('2026-11-27T06:00:00Z'), 12).toISOString()).toBe(
      '2025-12-01T00:00:00.000Z',
    );
    expect(reportStartOf(new Date('2026-03-31T23:00:00Z'), 1).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});

describe('groupCancellations', () => {
  const at = (day: string) => `${day}T10:00:00.000Z`;
  const base = { productName: 'Pro', planName: 'Team', pricingPlanId: 1, subscriptionId: 7, comment: null };
  it('counts reasons per month and plan, busiest plan first, texts newest first', () => {
    const groups = groupCancellations([
      { ...base, month: '2026-11', cancelledAt: at('2026-11-20'), reason: 'other', comment: 'newer' },
      { ...base, month: '2026-11', cancelledAt: at('2026-11-10'), reason: null },
      { ...base, month: '2026-11', cancelledAt: at('2026-11-09'), reason: 'too-expensive' },
      { ...base, month: '2026-11', cancelledAt: at('2026-11-08'), reason: 'other', comment: 'older' },
      {
        ...base,
        month: '2026-11',
        pricingPlanId: 2,
        planName: 'Basic',
        cancelledAt: at('2026-11-05'),
        reason: 'too-expensive',
      },
      { ...base, month: '2026-10', cancelledAt: at('2026-10-05'), reason: 'no-longer-needed' },
    ]);
    expect(groups.map((g) => [g.month, g.planName, g.cancellations])).toEqual([
      ['2026-11', 'Team', 4],
      ['2026-11', 'Basic', 1],
      ['2026-10', 'Team', 1],
    ]);
    expect(groups[0]!.reasons).toEqual([
      { reason: 'other', count: 2 },
      { reason: 'too-expensive', count: 1 },
      { reason: 'none', count: 1 },
    ]);
    expect(groups[0]!.comments.map((c) => c.text)).toEqual(['newer', 'older']);
  });
});
