// The operator console's and the operator tool's texts for refusals (docs/decisions/015).

export const OpsMessages = {
  organizationNotFound: (id: number) => `There is no organization ${id}.`,
  personNotFound: (id: number) => `There is no person ${id}.`,
  planNotFound: (id: number) => `There is no plan ${id}.`,
  productNotFound: (id: number) => `There is no product ${id}.`,
  productFlagUnknown: (flag: number) => `There is no product ${flag}.`,
  billNotFound: (id: number) => `There is no bill #${id}.`,
  parentIsSelf: 'An organization cannot be its own parent.',
  parentIsSubAccount: (name: string) =>
    `'${name}' is itself a sub-account; a parent must be a top-level organization.`,
  hasSubAccounts: (name: string) =>
    `'${name}' has sub-accounts of its own, so it cannot become a sub-account. Move them first.`,
  alreadyAdmin: (email: string) => `${email} is already an administrator.`,
  alreadyVerified: (email: string) => `${email} is already verified; no mail was sent.`,
  verificationSent: (email: string) => `A new verification link was mailed to ${email}.`,
  productFlagTaken: (flag: number) => `Another product already has the flag ${flag}.`,
  productNameTaken: (name: string) => `Another product is already named '${name}'.`,
  planNameTaken: (name: string) => `This product already has a plan named '${name}'.`,
  pdfNotPdf: 'The file is not a PDF (it does not start with %PDF-).',
  idleRun: 'Run by an operator; nothing was due (no renewal, invoice, charge or deactivation)',
  catalogEmpty:
    'The catalogue is empty: nothing can be sold until one is imported (npm run ops -- catalog:import <file.json>) or built in the operator console.',
} as const;

/**
 * The console's confirmations of what moves money or changes a customer's terms: each names the
 * amount and the customer before anything is sent, and asks the operator to type what it names.
 */
export const OpsConfirmations = {
  refund: (amount: string, bill: string, customer: string, byCard: boolean) =>
    `Refund ${amount} of bill ${bill} to ${customer}${byCard ? ', to the card that paid it' : ''}.`,
  endsSubscriptions: 'The subscriptions on this bill end today.',
  markPaid: (amount: string, bill: string, customer: string, reference: string) =>
    `Record that ${customer} paid bill ${bill}, ${amount}, by '${reference}'.`,
  terms: (customer: string, discount: string) =>
    `Save the terms of ${customer}, with a discount of ${discount}: its next bills follow them.`,
  priceChange: (plan: string, from: string, to: string) =>
    `Change the monthly fee of ${plan} from ${from} to ${to}.`,
  eula: (product: string, file: string) =>
    `Replace the EULA of ${product} with ${file}: every customer who buys it from now on agrees to the new one.`,
  makeAdmin: (name: string, email: string, customer: string) =>
    `Make ${name} (${email}) an administrator of ${customer}: they can buy, change billing and manage users.`,
  typeToConfirm: (what: string) => `Type ${what} to confirm.`,
  mismatch: (expected: string) => `Nothing was sent: type ${expected} exactly to confirm.`,
} as const;

/** The Bills screen's refusals, naming fields as the form labels them. */
export const OpsBillMessages = {
  referenceRequired: 'Payment reference is required',
  referenceTooLong: 'Payment reference must be at most 200 characters',
  notAnInvoice: (bill: string, status: string) =>
    `Bill ${bill} was billed to a card ('${status}'): the gateway settles it, so it cannot be marked paid.`,
} as const;
