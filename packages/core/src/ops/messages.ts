import { type BillNaming, billMention, billMentionFirst } from '../bill-status';

// The operator console's and the operator tool's texts for refusals (docs/decisions/015).

export const OpsMessages = {
  organizationNotFound: (id: number) => `There is no organization ${id}.`,
  personNotFound: (id: number) => `There is no person ${id}.`,
  planNotFound: (id: number) => `There is no plan ${id}.`,
  productNotFound: (id: number) => `There is no product ${id}.`,
  productFlagUnknown: (flag: number) => `There is no product ${flag}.`,
  billNotFound: (orderId: number) => `There is no ${billMention({ orderId })}.`,
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
  refund: (amount: string, bill: BillNaming, customer: string, byCard: boolean) =>
    `Refund ${amount} of ${billMention(bill)} to ${customer}${byCard ? ', to the card that paid it' : ''}.`,
  endsSubscriptions: 'The subscriptions on this bill end today.',
  markPaid: (amount: string, bill: BillNaming, customer: string, reference: string) =>
    `Record that ${customer} paid ${billMention(bill)}, ${amount}, by '${reference}'.`,
  retryNow: (amount: string, bill: BillNaming, customer: string, card: string) =>
    `Charge ${amount} for ${billMention(bill)} to ${customer}'s ${card} now, as a scheduled retry would.`,
  voidBill: (amount: string, bill: BillNaming, customer: string) =>
    `Void ${billMention(bill)} of ${customer}, ${amount}: it is never charged, and nothing is owed on it.`,
  writeOff: (amount: string, bill: BillNaming, customer: string) =>
    `Write off ${billMention(bill)} of ${customer}, ${amount}, as uncollectible: it stays unpaid, is never charged or reminded again, and its subscriptions end when its grace does.`,
  terms: (customer: string, discount: string) =>
    `Save the terms of ${customer}, with a discount of ${discount}: its next bills follow them.`,
  paymentTerms: (customer: string, from: string, to: string) =>
    `Payment terms of ${customer}: ${from} → ${to}. Invoices issued from now on are due ${to}; those already issued keep their due date.`,
  priceChange: (plan: string, from: string, to: string) =>
    `Change the monthly fee of ${plan} from ${from} to ${to}.`,
  eula: (product: string, file: string) =>
    `Replace the EULA of ${product} with ${file}: every customer who buys it from now on agrees to the new one.`,
  makeAdmin: (name: string, email: string, customer: string) =>
    `Make ${name} (${email}) an administrator of ${customer}: they can buy, change billing and manage users.`,
  typeToConfirm: (what: string) => `Type ${what} to confirm.`,
  mismatch: (expected: string) => `Nothing was sent: type ${expected} exactly to confirm.`,
} as const;

/**
 * The bill page's collection actions (docs/decisions/029): their refusals, naming fields as the forms
 * label them, and the sentences that say what each did.
 */
export const OpsBillMessages = {
  referenceRequired: 'Payment reference is required',
  referenceTooLong: 'Payment reference must be at most 200 characters',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be at most 200 characters',
  alreadyPaid: (bill: BillNaming) => `${billMentionFirst(bill)} is already paid.`,
  isVoid: (bill: BillNaming) => `${billMentionFirst(bill)} is void: nothing is owed on it.`,
  refusedCharge: (bill: BillNaming) =>
    `${billMentionFirst(bill)} is a checkout or editor charge the card refused: nothing is owed on it and nothing came of it.`,
  chargeWithCustomer: (bill: BillNaming) =>
    `${billMentionFirst(bill)} is a checkout or editor charge still being settled with the customer; wait for its outcome.`,
  notOwed: (bill: BillNaming, status: string) =>
    `${billMentionFirst(bill)} is '${status}': no money is expected on it.`,
  chargeInFlight: (bill: BillNaming) =>
    `A charge of ${billMention(bill)} is in progress at the card processor; wait a few minutes for its outcome, then try again.`,
  alreadyWrittenOff: (bill: BillNaming) =>
    `${billMentionFirst(bill)} is already written off as uncollectible.`,
  writtenOffNotCharged: (bill: BillNaming) =>
    `${billMentionFirst(bill)} is written off as uncollectible, so its card is not charged again; record the payment if the customer pays.`,
  notByCard: (bill: BillNaming) =>
    `${billMentionFirst(bill)} is an invoice, paid outside the card processor: there is no card charge to retry. Record the payment when it arrives.`,
  noCard: (customer: string) =>
    `${customer} has no card on file, so there is nothing to charge. Ask them to update their billing information, or record a payment received outside.`,
  changedMeanwhile: (bill: BillNaming) =>
    `${billMentionFirst(bill)} changed meanwhile; reload it and try again.`,
  paymentRecorded: (bill: BillNaming, amount: string, reference: string) =>
    `${billMentionFirst(bill)} is paid: ${amount} received by '${reference}'.`,
  voided: (bill: BillNaming, customer: string) =>
    `${billMentionFirst(bill)} is void: ${customer} owes nothing on it, and it is never charged.`,
  writtenOff: (bill: BillNaming) =>
    `${billMentionFirst(bill)} is written off as uncollectible: it is never charged or reminded again.`,
  subscriptionsEndOn: (date: string) => `Its subscriptions end on ${date}, when its grace ends.`,
  retryPaid: (bill: BillNaming, amount: string) =>
    `The card was charged ${amount}: ${billMention(bill)} is paid.`,
  retryDeclined: (reason: string) => `The card was declined: ${reason}`,
  nextRetryOn: (date: string) => `The next scheduled retry is on ${date}.`,
  staysUnpaid: (bill: BillNaming) => `${billMentionFirst(bill)} stays Un-Paid.`,
  retryPending:
    'The card processor has not answered yet: the charge is settled on its own key within minutes, and never made twice.',
  reactivated: (name: string) => `'${name}' is active again.`,
  periodEnded: (name: string, date: string) =>
    `'${name}' stays deactivated: the period this bill paid for ended on ${date}.`,
  otherBillUnpaid: (name: string, bill: BillNaming) =>
    `'${name}' stays deactivated: ${billMention(bill)} of it is Un-Paid.`,
} as const;
