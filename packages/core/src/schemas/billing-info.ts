import { z } from 'zod/mini';
import { CardBrandSchema } from '../card-brand';
import { countryField } from '../country-codes';
import { Messages } from '../messages';
import { taxIdField } from '../tax-id';
import { intField, optionalText, requiredText } from './common';

/** PUT api/organization/billing_info (docs/spec.md §3, messages of §5). */
export const BillingInfoSchema = z.strictObject({
  nameOnCard: requiredText(Messages.nameRequired, 'Name'),
  company: optionalText('Company'),
  addr1: requiredText(Messages.addr1Required, 'Address 1'),
  addr2: optionalText('Address 2'),
  city: requiredText(Messages.cityRequired, 'City'),
  state: requiredText(Messages.stateRequired, 'State'),
  country: countryField(),
  postalCode: requiredText(Messages.postalCodeRequired, 'Postal code', 20),
  // The card provider's payment-method id; the card number itself never reaches our server.
  sourceId: requiredText(Messages.cardNumberRequired, 'Card reference', 255),
  expireMonth: intField('Expiration month', 1, 12),
  expireYear: intField('Expiration year', 2000, 2100),
  lastFour: z
    .string({ error: Messages.cardNumberRequired })
    .check(z.regex(/^\d{4}$/, 'Last four must be 4 digits')),
  cardBrand: z.optional(CardBrandSchema),
  taxId: taxIdField(),
});
export type BillingInfo = z.infer<typeof BillingInfoSchema>;
