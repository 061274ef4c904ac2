import { type BillingInfo, Messages, storedTaxId, toCardBrand } from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { PaymentGateway } from '../../gateway/payment-gateway';
import type { AuthContext, OrganizationRow } from '../../lib/auth-context';
import { badRequest, DomainError } from '../../lib/domain-error';
import { recordAudit } from '../audit';
import { toOrganizationDto } from '../identity';
import {
  saveBillingInfo,
  updateCardOnFile as saveCardOnFile,
  saveGatewayCustomer,
} from './billing-info.repository';

export const CARD_NUMBER_REFUSED =
  'Card numbers are not accepted here: send the payment method created by the card fields.';

/** GET api/organization/billing_description (spec §3): what the right-hand column shows. */
export function toBillingDescription(o: OrganizationRow) {
  return {
    name: o.billingName,
    company: o.billingCompany,
    addr1: o.billingAddr1,
    addr2: o.billingAddr2,
    city: o.billingCity,
    state: o.billingState,
    zip: o.billingZip,
    country: o.billingCountry,
    cardLastFour: o.cardLastFour,
    cardExpMonth: o.cardExpMonth,
    cardExpYear: o.cardExpYear,
    taxId: o.taxId,
    ...(o.cardBrand ? { cardBrand: toCardBrand(o.cardBrand) } : {}),
  };
}

/** The gateway's own words, so the page can show 'Something went wrong: {message}'. */
async function atGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const message = error instanceof Error && error.message ? error.message : 'The card could not be saved.';
    throw new DomainError('GATEWAY', message);
  }
}

export function createBillingInfoService({ db, gateway }: Pick<AppDeps, 'db'> & { gateway: PaymentGateway }) {
  return {
    /** Starts card collection: Stripe's SetupIntent client secret (the sandbox needs none). */
    async prepareCardSetup(auth: AuthContext) {
      const org = auth.organization;
      const setup = await atGateway(() =>
        gateway.prepareCardSetup({
          customerId: org.gatewayCustomerId,
          email: auth.person.email,
          name: org.billingName ?? org.companyName,
        }),
      );
      if (setup.customerId !== org.gatewayCustomerId) {
        await saveGatewayCustomer(db, org.id, setup.customerId);
      }
      return { clientSecret: setup.clientSecret };
    },

    /**
     * PUT api/organization/billing_info: the payment method created in the browser becomes the
     * organization's card; only its brand, last four digits and expiry are kept here, never the number.
     */
    async update(auth: AuthContext, input: BillingInfo) {
      // A card number must never reach the gateway from our server (or our logs): refuse anything that looks like one.
      if (/^[\d\s-]{12,23}$/.test(input.sourceId))
        throw new DomainError('CARD_NUMBER_REFUSED', CARD_NUMBER_REFUSED);
      if (!/^[A-Za-z0-9_]+$/.test(input.sourceId)) throw badRequest(Messages.cardNumberRequired);
      const org = auth.organization;
      const saved = await atGateway(() =>
        gateway.saveCard({
          customerId: org.gatewayCustomerId,
          paymentMethodId: input.sourceId,
          email: auth.person.email,
          name: input.nameOnCard,
        }),
      );
      const updated = await db.transaction(async (tx) => {
        const row = await saveBillingInfo(tx, org.id, {
          billingName: input.nameOnCard,
          billingCompany: input.company ?? '',
          billingAddr1: input.addr1,
          billingAddr2: input.addr2 ?? '',
          billingCity: input.city,
          billingState: input.state,
          billingCountry: input.country.toUpperCase(),
          billingZip: input.postalCode,
          gatewayCustomerId: saved.customerId,
          paymentMethodId: saved.paymentMethodId,
          // The gateway's figures win; the browser's are used where the gateway gives none (sandbox).
          cardLastFour: saved.lastFour ?? input.lastFour,
          cardExpMonth: saved.expMonth ?? input.expireMonth,
          cardExpYear: saved.expYear ?? input.expireYear,
          // A card whose brand the browser did not report is not said to be the previous card's brand.
          cardBrand: input.cardBrand ?? null,
          // Saved with the billing update (docs/decisions/016): absent leaves it, blank removes it.
          ...(input.taxId === undefined ? {} : { taxId: storedTaxId(input.taxId) }),
        });
        await recordAudit(tx, 'billing-info.updated', { before: org, after: row });
        return row!;
      });
      return toOrganizationDto(updated);
    },
  };
}
export type BillingInfoService = ReturnType<typeof createBillingInfoService>;

/**
 * Stripe updated a saved card (payment_method.updated / automatically_updated: a new expiry or
 * number from the card network, decision 018): the organizations whose card on file it is keep its
 * brand, last four digits and expiry as Modify Billing Info shows them. Answers how many changed.
 */
export const updateCardOnFile: typeof saveCardOnFile = (...args) => saveCardOnFile(...args);
