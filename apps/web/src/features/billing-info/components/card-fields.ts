import type { CardBrand } from '@store/core';

/** What the billing form gets from either implementation of the three card fields. */
export interface CollectedCard {
  paymentMethodId: string;
  lastFour: string;
  brand: CardBrand;
  expMonth: number;
  expYear: number;
}

export interface CardOwner {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
}

/** Raised with the provider's own message; the form shows 'Something went wrong: {message}'. */
export class CardProviderError extends Error {}

export interface CardFieldsProps {
  /** Show 'X is required' on empty fields (after a submit attempt). */
  showRequired: boolean;
  onCompleteChange: (complete: boolean) => void;
  /** Hands the form the function that turns the entered card into a payment method id. */
  registerCollector: (collect: (owner: CardOwner) => Promise<CollectedCard>) => void;
}
