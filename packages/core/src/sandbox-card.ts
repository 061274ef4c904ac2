// The sandbox card fields (decision 003): three inputs that behave like Stripe Elements' CardNumber,
// CardCvc and CardExpiry, and turn Stripe's test card numbers into Stripe's test payment-method ids in
// the browser, so card numbers never reach our server.

/** Stripe's test cards and the payment methods Stripe's docs pair them with. */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, string>> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '378282246310005': 'pm_card_amex',
  // 0002 is refused when it is set up; 0341 is saved, and refused when charged.
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000000341': 'pm_card_chargeCustomerFail',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  // 3-D Secure (docs/decisions/024): 3155 asks for authentication unless the card was set up for
  // off-session use; 3184 asks on every charge, however it was set up.
  '4000002500003155': 'pm_card_authenticationRequiredOnSetup',
  '4000002760003184': 'pm_card_authenticationRequired',
};

/** Messages in the provider's own words (Stripe Elements). */
export const CardMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  numberIncorrect: 'Your card number is incorrect.',
  cvcIncomplete: "Your card's security code is incomplete.",
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
} as const;

export type CardFieldState = { empty: boolean; complete: boolean; error: string | null };

export const cardDigits = (value: string): string => value.replace(/\D/g, '');

export const luhnValid = (digits: string): boolean => {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

const isAmex = (digits: string) => /^3[47]/.test(digits);
const numberLength = (digits: string) => (isAmex(digits) ? 15 : 16);

/** '4242 4242 4242 4242' as the number is typed (Amex 4-6-5). */
export const formatCardNumber = (value: string): string => {
  const digits = cardDigits(value).slice(0, 19);
  const groups = isAmex(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
};

/** `final` is true once the field lost focus: partial input is only an error then, as in Stripe. */
export const cardNumberState = (value: string, final: boolean): CardFieldState => {
  const digits = cardDigits(value);
  if (digits === '') return { empty: true, complete: false, error: null };
  if (digits.length < numberLength(digits)) {
    return { empty: false, complete: false, error: final ? CardMessages.numberIncomplete : null };
  }
  if (!luhnValid(digits) || !(digits in SANDBOX_TEST_CARDS)) {
    return { empty: false, complete: false, error: CardMessages.numberIncorrect };
  }
  return { empty: false, complete: true, error: null };
};

export const sandboxPaymentMethodFor = (value: string): string | null =>
  SANDBOX_TEST_CARDS[cardDigits(value)] ?? null;

export const cvcState = (value: string, final: boolean, cardNumber = ''): CardFieldState => {
  const digits = cardDigits(value);
  if (digits === '') return { empty: true, complete: false, error: null };
  const needed = isAmex(cardDigits(cardNumber)) ? 4 : 3;
  if (digits.length < needed)
    return { empty: false, complete: false, error: final ? CardMessages.cvcIncomplete : null };
  return { empty: false, complete: true, error: null };
};

/** 'MM / YY' as typed. */
export const formatExpiry = (value: string): string => {
  let digits = cardDigits(value).slice(0, 4);
  // A first digit above 1 can only be a single-digit month.
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
};

export const parseExpiry = (value: string): { month: number; year: number } | null => {
  const digits = cardDigits(value);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
};

export const expiryState = (value: string, final: boolean, now: Date): CardFieldState => {
  const digits = cardDigits(value);
  if (digits === '') return { empty: true, complete: false, error: null };
  const parsed = parseExpiry(value);
  if (!parsed) return { empty: false, complete: false, error: final ? CardMessages.expiryIncomplete : null };
  if (parsed.month < 1 || parsed.month > 12)
    return { empty: false, complete: false, error: CardMessages.expiryIncomplete };
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (parsed.year * 12 + parsed.month - 1 < current)
    return { empty: false, complete: false, error: CardMessages.expiryPast };
  if (parsed.year > now.getUTCFullYear() + 50)
    return { empty: false, complete: false, error: CardMessages.expiryYearInvalid };
  return { empty: false, complete: true, error: null };
};
