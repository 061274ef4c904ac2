/** Where the fixtures' organizations are, and are billed: Pat Payer at 1 Test Way, Boulder. */
export const FIXTURE_ADDRESS = {
  addr1: '1 Test Way',
  addr2: '',
  city: 'Boulder',
  state: 'CO',
  country: 'US',
  postalCode: '80301',
} as const;

/** An organization row's address and billing address columns, at the fixture address. */
export const fixtureAddressColumns = (company: string) => ({
  addr1: FIXTURE_ADDRESS.addr1,
  city: FIXTURE_ADDRESS.city,
  state: FIXTURE_ADDRESS.state,
  country: FIXTURE_ADDRESS.country,
  zip: FIXTURE_ADDRESS.postalCode,
  billingName: 'Pat Payer',
  billingCompany: company,
  billingAddr1: FIXTURE_ADDRESS.addr1,
  billingAddr2: FIXTURE_ADDRESS.addr2,
  billingCity: FIXTURE_ADDRESS.city,
  billingState: FIXTURE_ADDRESS.state,
  billingCountry: FIXTURE_ADDRESS.country,
  billingZip: FIXTURE_ADDRESS.postalCode,
});

/** Modify Billing Info's body: Pat Payer at the fixture address, with the card the card fields made. */
export const billingInfoBody = (card: {
  company: string;
  sourceId: string;
  expireYear: number;
  lastFour: string;
}) => ({
  nameOnCard: 'Pat Payer',
  company: card.company,
  ...FIXTURE_ADDRESS,
  sourceId: card.sourceId,
  expireMonth: 12,
  expireYear: card.expireYear,
  lastFour: card.lastFour,
});
