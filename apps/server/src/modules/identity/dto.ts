import { billedToOf, bpToFraction } from '@store/core';
import type { OrganizationRow, PersonRow } from '../../lib/auth-context';

/** The wire shape of a person (spec §3). The password never leaves the server. */
export function toPersonDto(p: PersonRow) {
  return {
    personId: p.id,
    organizationId: p.organizationId,
    rights: p.rights,
    firstName: p.firstName,
    lastName: p.lastName,
    phone: p.phone,
    email: p.email,
    emailVerified: p.emailVerified,
    deactivated: p.deactivatedAt !== null,
  };
}

/**
 * The wire shape of an organization (spec §3): discount as a fraction, no card details. Its billing
 * fields (orgName, addr1 … zip) are the billing information where the organization gave it, else its
 * registered address, as its bills print them: so PUT billing_info answers what it just saved.
 */
export function toOrganizationDto(o: OrganizationRow) {
  const billing = billedToOf(o);
  return {
    organizationId: o.id,
    companyName: o.companyName,
    parentOrganizationId: o.parentOrganizationId,
    discount: bpToFraction(o.discountBp),
    allowMonthly: o.allowMonthly,
    hasBillingInfo: o.billedByInvoice || Boolean(o.paymentMethodId),
    isPerpetualAccount: o.isPerpetualAccount,
    billedByInvoice: o.billedByInvoice,
    orgName: billing.company,
    addr1: billing.addr1,
    addr2: billing.addr2,
    city: billing.city,
    state: billing.state,
    country: billing.country,
    zip: billing.zip,
    taxId: o.taxId,
  };
}
