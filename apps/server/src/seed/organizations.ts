import { Rights } from '@store/core';
import type { DbOrTx } from '../db/client';
import { organizations, persons } from '../db/schema';
import { hashPassword } from '../lib/passwords';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'Harbor-Lantern-2026';
export const DEMO_COMPANY = 'Demo Documents Inc.';
export const DEMO_SUB_ACCOUNT = 'Demo Documents Europe';
export const PERPETUAL_EMAIL = 'perpetual@example.com';
export const PERPETUAL_COMPANY = 'Perpetual Print Works Ltd.';
export const DEMO_USER_EMAIL = 'jane.miller@example.com';

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
  const people = await db
    .insert(persons)
    .values([
      {
        organizationId: demo!.id,
        rights: Rights.User | Rights.Admin,
        passwordHash: hash,
        firstName: 'Dana',
        lastName: 'Demo',
        email: DEMO_EMAIL,
        emailVerified: true,
        phone: '+1 303 555 0100',
      },
      {
        organizationId: demo!.id,
        rights: 1,
        passwordHash: hash,
        firstName: 'Jane',
        lastName: 'Miller',
        email: DEMO_USER_EMAIL,
        emailVerified: true,
      },
      {
        organizationId: demo!.id,
        rights: 1,
        passwordHash: hash,
        firstName: 'Omar',
        lastName: 'Haddad',
        email: 'omar.haddad@example.com',
        emailVerified: true,
      },
      {
        organizationId: europe!.id,
        rights: Rights.User | Rights.Admin,
        passwordHash: hash,
        firstName: 'Dana',
        lastName: 'Demo',
        email: DEMO_EMAIL,
        emailVerified: true,
      },
      {
        organizationId: perpetual!.id,
        rights: Rights.User | Rights.Admin,
        passwordHash: hash,
        firstName: 'Peter',
        lastName: 'Price',
        email: PERPETUAL_EMAIL,
        emailVerified: true,
      },
    ])
    .returning();
  return {
    demoId: demo!.id,
    europeId: europe!.id,
    perpetualId: perpetual!.id,
    demoAdminId: people[0]!.id,
    europeAdminId: people[3]!.id,
  };
}
