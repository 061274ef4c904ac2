import { describe, expect, it } from 'vitest';
import {
  sampleOrganization as organization,
  samplePerson as person,
  samplePlan,
  sampleSubscription,
} from '../../test/support/samples';
import { billingCycle } from '../billing-cycle';
import {
  BillingCycleDiscountsSchema,
  BillingCycleSchema,
  BillSchema,
  FlexUsageSchema,
  hasRight,
  isAdmin,
  isOperator,
  LoginResponseSchema,
  OrganizationSchema,
  PersonSchema,
  PricingPlanSchema,
  Rights,
  SubscriptionSchema,
} from './entities';

describe('entity schemas', () => {
  it.each([
    ['plan', PricingPlanSchema, samplePlan],
    ['subscription', SubscriptionSchema, sampleSubscription],
    ['subscription of a sub-account', SubscriptionSchema, { ...sampleSubscription, ownerName: 'Acme West' }],
    ['organization', OrganizationSchema, organization],
    ['person', PersonSchema, person],
    ['bill', BillSchema, { orderId: 9, billingDate: '2026-11-22T00:00:00Z', status: 260, total: 1020 }],
    [
      'discounts',
      BillingCycleDiscountsSchema,
      { yearlyDiscount: 0.15, quarterlyDiscount: 0.05, monthlyDiscount: 0 },
    ],
    [
      'billing cycle',
      BillingCycleSchema,
      billingCycle(3, { yearlyDiscount: 0.15, quarterlyDiscount: 0, monthlyDiscount: 0 }),
    ],
    [
      'login success',
      LoginResponseSchema,
      { success: true, token: 't', person, organization, possibleOrganizations: [] },
    ],
    ['login failure', LoginResponseSchema, { success: false, error: 'Invalid email or password' }],
  ])('accepts a %s', (_name, schema, value) => {
    expect(schema.parse(value)).toEqual(value);
  });

  it('never carries a password', () => {
    expect(PersonSchema.parse({ ...person, password: 'hash' })).not.toHaveProperty('password');
    const response = LoginResponseSchema.parse({ success: true, person: { ...person, password: 'hash' } });
    expect(response.person).not.toHaveProperty('password');
  });

  it.each([
    [
      'discount above 1',
      BillingCycleDiscountsSchema,
      { yearlyDiscount: 1.5, quarterlyDiscount: 0, monthlyDiscount: 0 },
    ],
    ['billing mode 7', BillingCycleSchema, { ...billingCycle(1), mode: 7 }],
    ['subscription without version', SubscriptionSchema, { ...sampleSubscription, version: undefined }],
  ])('rejects %s', (_name, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });

  it('flex usage has exactly 12 date ranges', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `r${i}`);
    const run = { hostname: 'h1', dateRangePages: Array(12).fill(1), totalPages: 12 };
    const usage = {
      description: 'Flex',
      refreshDate: null,
      totalPagesUsed: 12,
      numMachines: 1,
      dateRanges: twelve,
      runs: [run],
    };
    expect(FlexUsageSchema.safeParse(usage).success).toBe(true);
    expect(FlexUsageSchema.safeParse({ ...usage, dateRanges: twelve.slice(1) }).success).toBe(false);
    expect(FlexUsageSchema.safeParse({ ...usage, runs: [{ ...run, dateRangePages: [1] }] }).success).toBe(
      false,
    );
  });
});

describe('rights', () => {
  it.each([
    [Rights.User, false],
    [Rights.Admin, true],
    [Rights.User | Rights.Admin, true],
    [0, false],
  ])('rights %i admin %s', (rights, admin) => {
    expect(isAdmin({ rights })).toBe(admin);
  });

  it.each([
    [Rights.User, Rights.Billing, false],
    [Rights.User | Rights.Billing, Rights.Billing, true],
    [Rights.User | Rights.Billing, Rights.Licenses, false],
    [Rights.User | Rights.Licenses | Rights.Developer, Rights.Developer, true],
    [Rights.User | Rights.Admin, Rights.Billing, true],
    [Rights.User | Rights.Admin, Rights.Developer, true],
    [Rights.User | Rights.Operator, Rights.Billing, false],
  ])('rights %i hold right %i: %s', (rights, right, held) => {
    expect(hasRight({ rights }, right)).toBe(held);
  });

  it("keeps the operator bit out of the customers' roles", () => {
    const customer = Rights.User | Rights.Admin | Rights.Billing | Rights.Licenses | Rights.Developer;
    expect(Rights.Operator & customer).toBe(0);
    expect(isOperator({ rights: customer })).toBe(false);
    expect(isOperator({ rights: Rights.User | Rights.Operator })).toBe(true);
  });
});
