import { bpToFraction, paymentTermsText } from '@store/core';
import type { Db } from '../db/client';
import type { PaymentGateway } from '../gateway/payment-gateway';
import type { Clock } from '../lib/clock';
import type { CustomerOrganization, OrganizationsService } from '../modules/accounts';
import type { SigningKeySource } from '../modules/licensing';
import { OpsError } from './ops-error';

// The operator tool's arguments and what every command shares.

export interface OpsContext {
  db: Db;
  /** The clock billing runs at: real time, plus the demo offset in demo mode. */
  clock: Clock;
  gateway: () => Promise<PaymentGateway>;
  mode: 'demo' | 'production';
  /** The store's address, for links in mail (PUBLIC_URL). */
  publicUrl: string;
  /** The key the store signs offline license files with: a paid renewal's file is signed again. */
  signingKeys: SigningKeySource;
  out: (line: string) => void;
}

export interface Parsed {
  command: string;
  args: string[];
  options: Map<string, string>;
}

export function parseArgs(argv: string[]): Parsed {
  const [command = 'help', ...rest] = argv;
  const args: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      if (eq > 0) options.set(word.slice(2, eq), word.slice(eq + 1));
      else {
        const value = rest[i + 1];
        if (value === undefined || value.startsWith('--'))
          throw new OpsError(`Option ${word} needs a value.`);
        options.set(word.slice(2), value);
        i++;
      }
    } else args.push(word);
  }
  return { command, args, options };
}

export const required = (p: Parsed, name: string): string => {
  const v = p.options.get(name)?.trim();
  if (!v) throw new OpsError(`--${name} is required. See: npm run ops -- help`);
  return v;
};

export const positiveInt = (value: string | undefined, what: string): number => {
  const n = Number(value);
  if (value === undefined || value === '' || !Number.isInteger(n) || n < 1) {
    throw new OpsError(
      `${what} must be a whole number of at least 1${value === undefined ? '' : `, not '${value}'`}.`,
    );
  }
  return n;
};

export const yesNo = (value: string, name: string): boolean => {
  const v = value.toLowerCase();
  if (['yes', 'true', '1', 'on'].includes(v)) return true;
  if (['no', 'false', '0', 'off'].includes(v)) return false;
  throw new OpsError(`--${name} must be yes or no, not '${value}'.`);
};

export async function findOrg(
  organizations: Pick<OrganizationsService, 'findCustomerOrganizationOrNull'>,
  idText: string | undefined,
) {
  const id = positiveInt(idText, 'The organization id');
  const org = await organizations.findCustomerOrganizationOrNull(id);
  if (!org) throw new OpsError(`There is no organization ${id}. List them with: npm run ops -- org:list`);
  return org;
}

export const describeOrg = (o: CustomerOrganization) =>
  `${o.id}  ${o.companyName}${o.parentOrganizationId ? ` (sub-account of ${o.parentOrganizationId})` : ''}  discount ${bpToFraction(o.discountBp)}  monthly ${o.allowMonthly ? 'yes' : 'no'}  perpetual ${o.isPerpetualAccount ? 'yes' : 'no'}  invoice ${o.billedByInvoice ? `yes, ${paymentTermsText(o.paymentTermsDays)}` : 'no'}`;
