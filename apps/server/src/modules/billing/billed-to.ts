import type { OrganizationRow } from '../identity/session.service';
import type { BilledTo } from './billing.repository';

/** The "Bill to" frozen on a bill: billing information where given, else the registered address. */
export function billedToOf(org: OrganizationRow): BilledTo {
  return {
    organizationId: org.id,
    companyName: org.companyName,
    name: org.billingName ?? org.companyName,
    company: org.billingCompany || org.companyName,
    addr1: org.billingAddr1 ?? org.addr1,
    addr2: org.billingAddr2 ?? org.addr2,
    city: org.billingCity ?? org.city,
    state: org.billingState ?? org.state,
    country: org.billingCountry ?? org.country,
    zip: org.billingZip ?? org.zip,
    cardLastFour: org.billedByInvoice ? null : org.cardLastFour,
    billedByInvoice: org.billedByInvoice,
    orgDiscountBp: org.discountBp,
  };
}
