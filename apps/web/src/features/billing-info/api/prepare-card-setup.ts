import { CardSetupSchema } from '@store/core';
import { post } from '../../../lib/http';

/** Stripe's SetupIntent client secret for confirming the card the customer entered. */
export const prepareCardSetup = () => post('/api/organization/card_setup', {}, { schema: CardSetupSchema });
