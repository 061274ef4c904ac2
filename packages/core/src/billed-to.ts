/** A postal address as the store keeps it: an organization's registered address, a bill's "Bill to". */
export interface PostalAddress {
  addr1: string;
  addr2: string;
  city: string;
  state: string;
  country: string;
  zip: string;
}

/**
 * The organization's billing details as frozen on a bill (the invoice's "Bill to"), with the
 * organization discount that applied.
 */
export interface BilledTo extends PostalAddress {
  organizationId: number;
  companyName: string;
  name: string;
  company: string;
  cardLastFour: string | null;
  billedByInvoice: boolean;
  orgDiscountBp?: number;
  /** The customer's tax / VAT id, printed on the invoice (docs/decisions/016); absent on older bills. */
  taxId?: string | null;
}

/** What billedToOf reads of an organization (its row, whichever module loaded it). */
export interface BilledToSource extends PostalAddress {
  id: number;
  companyName: string;
  discountBp: number;
  billedByInvoice: boolean;
  billingName: string | null;
  billingCompany: string | null;
  billingAddr1: string | null;
  billingAddr2: string | null;
  billingCity: string | null;
  billingState: string | null;
  billingZip: string | null;
  billingCountry: string | null;
  cardLastFour: string | null;
  taxId?: string | null;
}

/** Billing information where the organization gave it, else its registered address. */
export const billedToOf = (org: BilledToSource): BilledTo => ({
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
  billedByInvoice: Boolean(org.billedByInvoice),
  orgDiscountBp: Number(org.discountBp),
  taxId: org.taxId ?? null,
});
