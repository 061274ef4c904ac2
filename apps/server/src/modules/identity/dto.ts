import { bpToFraction } from '@store/core';
import type { OrganizationRow, PersonRow } from './session.service';

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
  };
}

/** The wire shape of an organization (spec §3): discount as a fraction, no card details. */
export function toOrganizationDto(o: OrganizationRow) {
  return {
    organizationId: o.id,
    companyName: o.companyName,
    parentOrganizationId: o.parentOrganizationId,
    discount: bpToFraction(o.discountBp),
    allowMonthly: o.allowMonthly,
    hasBillingInfo: o.billedByInvoice || Boolean(o.paymentMethodId),
    isPerpetualAccount: o.isPerpetualAccount,
    billedByInvoice: o.billedByInvoice,
    orgName: o.companyName,
    addr1: o.addr1,
    addr2: o.addr2,
    city: o.city,
    state: o.state,
    country: o.country,
    zip: o.zip,
    taxId: o.taxId,
  };
}
