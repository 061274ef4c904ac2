import { eq } from 'drizzle-orm';
import { organizations } from '../../src/db/schema';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SUB_ACCOUNT } from '../../src/seed/organizations';
import type { TestApp } from './test-app';

/** The demo admin signed in to the demo's sub-account, 'Demo Documents Europe', which they also administer. */
export async function loginSubAccount(t: TestApp) {
  const [europe] = await t.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.companyName, DEMO_SUB_ACCOUNT));
  return t.login(DEMO_EMAIL, DEMO_PASSWORD, europe!.id);
}

/** Modify Billing Info's body for the sub-account: Erik Jansen in Amsterdam, with a Mastercard. */
export const subAccountBillingInfo = (more: Record<string, unknown> = {}) => ({
  nameOnCard: 'Erik Jansen',
  company: DEMO_SUB_ACCOUNT,
  addr1: 'Keizersgracht 62',
  addr2: '2nd floor',
  city: 'Amsterdam',
  state: 'Noord-Holland',
  country: 'nl',
  postalCode: '1015 CS',
  sourceId: 'pm_card_mastercard',
  expireMonth: 8,
  expireYear: 2030,
  lastFour: '4444',
  cardBrand: 'mastercard',
  ...more,
});
