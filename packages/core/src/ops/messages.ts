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
  catalogEmpty:
    'The catalogue is empty: nothing can be sold until one is imported (npm run ops -- catalog:import <file.json>) or built in the operator console.',
} as const;
