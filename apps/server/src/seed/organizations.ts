import { Rights } from '@store/core';
import type { DbOrTx } from '../db/client';
import { organizations, persons, ssoDomains } from '../db/schema';
import { hashPassword } from '../lib/passwords';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'Harbor-Lantern-2026';
export const DEMO_COMPANY = 'Demo Documents Inc.';
export const DEMO_SUB_ACCOUNT = 'Demo Documents Europe';
export const PERPETUAL_EMAIL = 'perpetual@example.com';
export const PERPETUAL_COMPANY = 'Perpetual Print Works Ltd.';
export const DEMO_USER_EMAIL = 'jane.miller@example.com';
export const DEMO_SSO_DOMAIN = 'example.com';

export interface DemoOrganizations {
  demoId: number;
  europeId: number;
  perpetualId: number;
  demoAdminId: number;
  europeAdminId: number;
}

/** The demo organizations: one e-mail in two organizations, a sub-account, a perpetual account. */
export async function seedDemoOrganizations(db: DbOrTx): Promise<DemoOrganizations> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const address = {
    addr1: '200 Market Street',
    addr2: 'Suite 400',
    city: 'Denver',
    state: 'CO',
    country: 'US',
    zip: '80202',
  };
  const [demo] = await db
    .insert(organizations)
    .values({
      companyName: DEMO_COMPANY,
      discountBp: 500,
      ...address,
      billingName: 'Dana Demo',
      billingCompany: DEMO_COMPANY,
      billingAddr1: address.addr1,
      billingAddr2: address.addr2,
      billingCity: address.city,
      billingState: address.state,
      billingCountry: address.country,
      billingZip: address.zip,
      gatewayCustomerId: 'cus_sandbox_demo',
      paymentMethodId: 'pm_card_visa',
      cardLastFour: '4242',
      cardExpMonth: 12,
      cardExpYear: 2030,
      cardBrand: 'visa',
    })
    .returning();
  const [europe] = await db
    .insert(organizations)
    .values({
      companyName: DEMO_SUB_ACCOUNT,
      parentOrganizationId: demo!.id,
      allowMonthly: false,
      addr1: 'Keizersgracht 62',
      city: 'Amsterdam',
      country: 'NL',
      zip: '1015 CS',
    })
    .returning();
  const [perpetual] = await db
    .insert(organizations)
    .values({
      companyName: PERPETUAL_COMPANY,
      isPerpetualAccount: true,
      billedByInvoice: true,
      addr1: '12 King Street',
      city: 'Manchester',
      country: 'GB',
      zip: 'M2 4LQ',
    })
    .returning();
  const admin = Rights.User | Rights.Admin;
  const person = (
    organizationId: number,
    rights: number,
    firstName: string,
    lastName: string,
    email: string,
  ) => ({
    organizationId,
    rights,
    passwordHash: hash,
    firstName,
    lastName,
    email,
    emailVerified: true,
  });
  const people = await db
    .insert(persons)
    .values([
      { ...person(demo!.id, admin, 'Dana', 'Demo', DEMO_EMAIL), phone: '+1 303 555 0100' },
      person(demo!.id, 1, 'Jane', 'Miller', DEMO_USER_EMAIL),
      // A billing person: the demo shows a role beside the admin and the plain user (docs/decisions/033).
      person(demo!.id, Rights.User | Rights.Billing, 'Omar', 'Haddad', 'omar.haddad@example.com'),
      person(europe!.id, admin, 'Dana', 'Demo', DEMO_EMAIL),
      person(perpetual!.id, admin, 'Peter', 'Price', PERPETUAL_EMAIL),
    ])
    .returning();
  // The demo organization holds its people's domain, so single sign-on can be tried by setting up a
  // provider the developer runs on the Single sign-on screen (docs/decisions/036).
  const claimedAt = new Date('2026-01-05T09:00:00Z');
  await db.insert(ssoDomains).values({
    organizationId: demo!.id,
    domain: DEMO_SSO_DOMAIN,
    verifiedBy: 'operator',
    verifiedAt: claimedAt,
    createdAt: claimedAt,
  });
  return {
    demoId: demo!.id,
    europeId: europe!.id,
    perpetualId: perpetual!.id,
    demoAdminId: people[0]!.id,
    europeAdminId: people[3]!.id,
  };
}
