import { PromotionMessages } from '@store/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { planId } from '../../../test/support/billing';
import { useConsoleApp } from '../../../test/support/console-app';
import { organizationWithAdmin } from '../../../test/support/org-admin';
import { promotionCodes } from '../../db/schema';

// The console's promotion codes and the cart's check (docs/decisions/041): every refusal says why
// and changes nothing.

const app = useConsoleApp();

const body = (more: Record<string, unknown> = {}) => ({
  code: 'spring-27',
  percentOff: 15,
  amountOff: null,
  cycles: 3,
  planIds: [],
  expiresAt: null,
  maxRedemptions: 100,
  oncePerOrganization: false,
  ...more,
});

/** The demo admin's check of `code` against a cart of Pro Standard. */
const checkInCart = async (code: string) => {
  const admin = await app.t.loginDemo();
  return admin.post('/api/promotions/check', {
    code,
    pricingPlanIds: [await planId(app.t.db, 'Pro Standard')],
  });
};

const redemptionsOf = async (code: string) => {
  const [row] = await app.t.db.select().from(promotionCodes).where(eq(promotionCodes.code, code));
  return row?.redemptions;
};

describe('the console', () => {
  it('creates a code, upper-cased, listed with its redemptions and terms in words', async () => {
    const made = await app.op.post('/api/ops/promotions', body());
    expect(made.status).toBe(200);
    // Its terms as posted, the code upper-cased.
    expect(made.body).toMatchObject({
      ...body(),
      code: 'SPRING-27',
      redemptions: 0,
      isActive: true,
      description: '15% off each of the first 3 cycles',
    });
    const list = await app.op.get('/api/ops/promotions');
    expect(list.body.map((p: { code: string }) => p.code)).toEqual(
      expect.arrayContaining(['SPRING-27', 'WELCOME10']),
    );
    // The audit log says who made it and on what terms, for every organization (none in particular).
    const audit = await app.op.get('/api/ops/audit?kind=promotion.created');
    const entry = audit.body.items.find((e: { subject: string }) => e.subject === 'Promotion code SPRING-27');
    expect(entry).toMatchObject({ organizationId: null, actor: { kind: 'operator' } });
    expect(entry.summary).toContain("Percent Off '15%'");
    expect(entry.summary).toContain("Cycles '3'");
  });

  it('refuses a taken code, a bad body and an unknown plan, and keeps nothing', async () => {
    const again = await app.op.post('/api/ops/promotions', body({ code: 'Spring-27' }));
    expect([again.status, again.body.code, again.body.message]).toEqual([
      409,
      'PROMOTION_CODE_TAKEN',
      'There is already a promotion code SPRING-27.',
    ]);
    const both = await app.op.post('/api/ops/promotions', body({ code: 'BOTH', amountOff: 5 }));
    expect([both.status, both.body.message]).toEqual([
      400,
      'Give either a percent off or an amount off, not both',
    ]);
    const bad = await app.op.post('/api/ops/promotions', body({ code: 'no spaces' }));
    expect([bad.status, bad.body.message]).toEqual([400, PromotionMessages.badCode]);
    const plan = await app.op.post('/api/ops/promotions', body({ code: 'NOPLAN', planIds: [999_999] }));
    expect([plan.status, plan.body.message]).toEqual([400, 'Pricing plan 999999 does not exist.']);
    const codes = (await app.op.get('/api/ops/promotions')).body.map((p: { code: string }) => p.code);
    expect(codes).not.toContain('BOTH');
    expect(codes).not.toContain('NOPLAN');
  });

  it('is the operator’s alone: a customer admin finds no such route', async () => {
    const admin = await app.t.loginDemo();
    expect((await admin.get('/api/ops/promotions')).status).toBe(404);
    expect((await admin.post('/api/ops/promotions', body({ code: 'MINE' }))).status).toBe(404);
  });

  it('deactivates a code: refused from then on, an unknown id is a 404', async () => {
    const made = await app.op.post('/api/ops/promotions', body({ code: 'SHORTLIVED' }));
    const off = await app.op.post(`/api/ops/promotions/${made.body.promotionCodeId}/deactivate`);
    const audit = await app.op.get('/api/ops/audit?kind=promotion.deactivated');
    expect(audit.body.items.map((e: { subject: string }) => e.subject)).toContain(
      'Promotion code SHORTLIVED',
    );
    expect([off.status, off.body.isActive]).toEqual([200, false]);
    expect((await app.op.post('/api/ops/promotions/999999/deactivate')).status).toBe(404);
    const check = await checkInCart('shortlived');
    expect([check.status, check.body.code, check.body.message]).toEqual([
      400,
      'PROMOTION_REFUSED',
      'The promotion code SHORTLIVED is no longer valid.',
    ]);
  });
});

describe('POST /api/promotions/check', () => {
  it('answers the demo code’s terms, typed in any case, and redeems nothing', async () => {
    const res = await checkInCart(' welcome10 ');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 'WELCOME10',
      percentBp: 1000,
      amountOffCents: null,
      cycles: 1,
      planIds: [],
      description: '10% off the first cycle',
    });
    expect(await redemptionsOf('WELCOME10')).toBe(0);
  });

  it.each([
    [
      'unknown',
      { code: 'NOSUCHCODE' },
      'There is no promotion code NOSUCHCODE. Please check the code and try again.',
    ],
    [
      'expired',
      { code: 'OLDNEWS', expiresAt: '2025-12-31T00:00:00Z' },
      'The promotion code OLDNEWS expired on December 31, 2025.',
    ],
    [
      'used up',
      { code: 'ALLGONE', maxRedemptions: 1, used: 1 },
      'The promotion code ALLGONE has been used up.',
    ],
    [
      'not for this plan',
      { code: 'FLEXONLY', plan: 'Flex 25,000' },
      'The promotion code FLEXONLY does not apply to the plans in your cart.',
    ],
  ])('%s: a 400 that says so, nothing counted', async (_case, c, message) => {
    const { code, used, plan, ...more } = c as Record<string, unknown> & {
      code: string;
      used?: number;
      plan?: string;
    };
    if (code !== 'NOSUCHCODE') {
      const made = await app.op.post(
        '/api/ops/promotions',
        body({ code, ...more, ...(plan ? { planIds: [await planId(app.t.db, plan)] } : {}) }),
      );
      expect(made.status).toBe(200);
      if (used)
        await app.t.db.update(promotionCodes).set({ redemptions: used }).where(eq(promotionCodes.code, code));
    }
    const res = await checkInCart(code);
    expect([res.status, res.body.code, res.body.message]).toEqual([400, 'PROMOTION_REFUSED', message]);
    if (code !== 'NOSUCHCODE') expect(await redemptionsOf(code)).toBe(used ?? 0);
  });

  it('a bad code or an empty cart is a 400 naming the field', async () => {
    const admin = await app.t.loginDemo();
    const bad = await admin.post('/api/promotions/check', { code: 'a b', pricingPlanIds: [1] });
    expect([bad.status, bad.body.message, bad.body.field]).toEqual([400, PromotionMessages.badCode, 'code']);
    const empty = await admin.post('/api/promotions/check', { code: 'WELCOME10', pricingPlanIds: [] });
    expect([empty.status, empty.body.message]).toEqual([400, 'The cart is empty']);
  });

  it('needs a signed-in buyer (the Billing role is held by api-roles.test.ts)', async () => {
    const { org: _org, signIn } = await organizationWithAdmin(app.t, 'Checkers Ltd.', 'checkers@example.com');
    const admin = await signIn();
    const plain = await app.t
      .client()
      .post('/api/promotions/check', { code: 'WELCOME10', pricingPlanIds: [1] });
    expect(plain.status).toBe(401);
    expect(
      (await admin.post('/api/promotions/check', { code: 'WELCOME10', pricingPlanIds: [1] })).status,
    ).toBe(200);
  });
});
