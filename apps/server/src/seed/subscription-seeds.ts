import { BillingMode } from '@store/core';
import type { NewSubscription } from '../db/schema';
import type { DemoOrganizations } from './organizations';

export type SubSeed = Omit<NewSubscription, 'apiKey1' | 'pricingPlanId' | 'currentPeriodStart'> & {
  key: string;
  plan: string;
  /** Whole months since purchase (the paid period is derived from it and the billing mode)... */
  ageMonths: number;
  /** ...plus these days, so that cycles do not all start today. */
  ageDays?: number;
  cancelled?: boolean;
  offline?: { engines: string[]; designers: string[] };
  perpetual?: boolean;
};

/** The demo's subscriptions: every state the Subscriptions screen shows, and the QA organization's rows. */
export function demoSubscriptionSeeds(orgs: DemoOrganizations, qaId: number): SubSeed[] {
  return [
    // Demo Documents Inc.: every state of the screen.
    {
      key: 'proActive',
      organizationId: orgs.demoId,
      plan: 'Pro Business',
      description: 'Production Engines',
      numberMachines: 3,
      xtraAutoTags: 2,
      billingMode: BillingMode.Annually,
      billingModeDiscountBp: 1000,
      maxAdditionalMonthlyChargeCents: 0,
      ageMonths: 4,
    },
    {
      key: 'flex',
      organizationId: orgs.demoId,
      plan: 'Flex 25,000',
      description: 'Flex Reporting',
      numberMachines: 0,
      xtraAutoTags: 1,
      billingMode: BillingMode.Monthly,
      maxAdditionalMonthlyChargeCents: 250_00,
      ageMonths: 14,
    },
    {
      key: 'cancelled',
      organizationId: orgs.demoId,
      plan: 'Pro Standard',
      description: 'Legacy Batch Server',
      numberMachines: 1,
      xtraAutoTags: 0,
      billingMode: BillingMode.Quarterly,
      billingModeDiscountBp: 500,
      ageMonths: 5,
      cancelled: true,
    },
    {
      key: 'offline',
      organizationId: orgs.demoId,
      plan: 'Pro Standard',
      description: 'Plant Floor (air-gapped)',
      numberMachines: 2,
      xtraAutoTags: 1,
      billingMode: BillingMode.Annually,
      billingModeDiscountBp: 1000,
      ageMonths: 2,
      offline: { engines: ['plant-engine-a', 'plant-engine-b'], designers: ['design-ws-01', 'design-ws-02'] },
    },
    {
      key: 'grandfathered',
      organizationId: orgs.demoId,
      plan: 'Pro Classic',
      description: 'Classic Engine',
      numberMachines: 1,
      xtraAutoTags: 0,
      billingMode: BillingMode.Monthly,
      maxAdditionalMonthlyChargeCents: 0,
      ageMonths: 30,
    },
    {
      key: 'manager',
      organizationId: orgs.demoId,
      plan: 'Manager Standard',
      description: 'Job Manager',
      numberMachines: 1,
      xtraAutoTags: 0,
      billingMode: BillingMode.Annually,
      billingModeDiscountBp: 1000,
      ageMonths: 7,
    },
    {
      key: 'artist',
      organizationId: orgs.demoId,
      plan: 'Artist Studio',
      description: 'Template Studio',
      numberMachines: 0,
      xtraAutoTags: 0,
      billingMode: BillingMode.Monthly,
      maxAdditionalMonthlyChargeCents: 50_00,
      ageMonths: 9,
    },
    {
      // Floating seats (docs/decisions/034): engines in containers lease 3 seats for 15 minutes each;
      // `npm run engine -- --floating --key <its key>` checks one out.
      key: 'containerFleet',
      organizationId: orgs.demoId,
      plan: 'Pro Fleet',
      description: 'Container Fleet',
      numberMachines: 3,
      xtraAutoTags: 0,
      billingMode: BillingMode.Monthly,
      maxAdditionalMonthlyChargeCents: 0,
      ageMonths: 1,
    },
    // The sub-account's: shown read-only to the parent.
    {
      key: 'europeFlex',
      organizationId: orgs.europeId,
      plan: 'Flex 2,500',
      description: 'Amsterdam Print Hub',
      numberMachines: 0,
      xtraAutoTags: 0,
      billingMode: BillingMode.Annually,
      billingModeDiscountBp: 1000,
      maxAdditionalMonthlyChargeCents: 100_00,
      ageMonths: 3,
    },
    // The perpetual account's licenses: never billed, never renewed.
    {
      key: 'perpetualPro',
      organizationId: orgs.perpetualId,
      plan: 'Pro Standard',
      description: 'Print Works Engine',
      numberMachines: 2,
      xtraAutoTags: 0,
      billingMode: BillingMode.NoBill,
      perpetual: true,
      ageMonths: 20,
    },
    {
      key: 'perpetualNet',
      organizationId: orgs.perpetualId,
      plan: '.NET Engine Standard',
      description: 'Invoice Service (.NET)',
      numberMachines: 1,
      xtraAutoTags: 0,
      billingMode: BillingMode.NoBill,
      perpetual: true,
      ageMonths: 11,
    },
    // Reserved for e2e/subscriptions.spec.ts (they change these rows).
    {
      key: 'qaCancel',
      organizationId: qaId,
      plan: 'Pro Standard',
      description: 'QA Cancel Me',
      numberMachines: 1,
      xtraAutoTags: 0,
      billingMode: BillingMode.Annually,
      billingModeDiscountBp: 1000,
      ageMonths: 1,
    },
    {
      key: 'qaOffline',
      organizationId: qaId,
      plan: 'Pro Standard',
      description: 'QA Offline Me',
      numberMachines: 2,
      xtraAutoTags: 1,
      billingMode: BillingMode.Annually,
      billingModeDiscountBp: 1000,
      ageMonths: 1,
    },
    {
      key: 'qaEdit',
      organizationId: qaId,
      plan: 'Pro Standard',
      description: 'QA Edit Me',
      numberMachines: 1,
      xtraAutoTags: 0,
      billingMode: BillingMode.Monthly,
      ageMonths: 1,
    },
    {
      key: 'qaMachines',
      organizationId: qaId,
      plan: 'Pro Business',
      description: 'QA Machines',
      numberMachines: 3,
      xtraAutoTags: 0,
      billingMode: BillingMode.Monthly,
      ageMonths: 1,
    },
    {
      // Saved by keyboard alone in e2e/keyboard-focus.spec.ts, which no other spec reads.
      key: 'qaKeyboard',
      organizationId: qaId,
      plan: 'Pro Standard',
      description: 'QA Keyboard',
      numberMachines: 1,
      xtraAutoTags: 0,
      billingMode: BillingMode.Monthly,
      ageMonths: 1,
    },
    {
      key: 'qaFlush',
      organizationId: qaId,
      plan: 'Pro Business',
      description: 'QA Flush Me',
      numberMachines: 2,
      xtraAutoTags: 0,
      billingMode: BillingMode.Monthly,
      ageMonths: 1,
    },
  ];
}
