import {
  BillingMode,
  bpToFraction,
  formatLongDate,
  formatUsd,
  fractionToBp,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from '@store/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  organizations,
  perpetualLicenses,
  persons,
  pricingPlans,
  products,
  settings,
  subscriptions,
} from '../db/schema';
import type { PaymentGateway } from '../gateway/payment-gateway';
import type { Clock } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import { randomToken } from '../lib/tokens';
import type { Mailer } from '../mail/mailer';
import {
  describeOutstanding,
  listOutstandingBills,
  markOfflineInvoicePaid,
  OpsError,
} from '../modules/billing/billing.service';
import { runBillingCycle } from '../modules/billing/billing-engine';
import { readDemoClockOffset } from '../modules/billing/scheduler';

// The operator's commands (DESIGN.md §2, last bullet): `npm run ops -- <command> [options]`.
// Customers never set their own discount or terms; the operator does, here.

export interface OpsContext {
  db: Db;
  /** The clock billing runs at: real time, plus the demo offset in demo mode. */
  clock: Clock;
  gateway: () => Promise<PaymentGateway>;
  mailer: Mailer;
  mode: 'demo' | 'production';
  out: (line: string) => void;
}

export const HELP = `Operator commands of the licensed software store.

Usage: npm run ops -- <command> [arguments] [--option value ...]

Organizations
  org:list                                   List organizations with their terms.
  org:create --name <company> --admin-email <email> --admin-first <name> --admin-last <name>
             --admin-password <password> [--parent <orgId>] [--addr1 <text>] [--addr2 <text>]
             [--city <text>] [--state <text>] [--country <code>] [--zip <text>]
                                             Create an organization (a sub-account with --parent) and its admin.
  org:set <orgId> [--discount <fraction 0..1>] [--allow-monthly yes|no] [--perpetual yes|no] [--invoice yes|no]
                                             Set an organization's discount and terms.
  admin:promote <email> [--org <orgId>]      Make a person an administrator of their organization.
  license:add <orgId> --product <name|flag> --description <text> --version <text> --machines <n> --cpus <n>
                                             Add a perpetual license to an organization.

Billing
  billing:run                                Run the billing cycle now (renewals, retries, deactivation, overage).
  bills:past-due                             List bills waiting for money: past-due charges and open invoices.
  invoice:paid <orderId>                     Record that an offline invoice was paid.

Demo clock (demo mode only)
  clock:show                                 Show the demo clock.
  clock:advance <days>                       Move the demo clock forward (running servers follow within a billing interval).
  clock:set <ISO date>                       Set the demo clock to a moment, e.g. 2027-01-31T12:00:00Z.
  clock:reset                                Back to real time.

The database is the server's: DATABASE_URL (PostgreSQL) or DATA_DIR (the embedded database, ./data).`;

interface Parsed {
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

const required = (p: Parsed, name: string): string => {
  const v = p.options.get(name)?.trim();
  if (!v) throw new OpsError(`--${name} is required. See: npm run ops -- help`);
  return v;
};

const positiveInt = (value: string | undefined, what: string): number => {
  const n = Number(value);
  if (value === undefined || value === '' || !Number.isInteger(n) || n < 1) {
    throw new OpsError(
      `${what} must be a whole number of at least 1${value === undefined ? '' : `, not '${value}'`}.`,
    );
  }
  return n;
};

const yesNo = (value: string, name: string): boolean => {
  const v = value.toLowerCase();
  if (['yes', 'true', '1', 'on'].includes(v)) return true;
  if (['no', 'false', '0', 'off'].includes(v)) return false;
  throw new OpsError(`--${name} must be yes or no, not '${value}'.`);
};

async function findOrg(db: Db, idText: string | undefined) {
  const id = positiveInt(idText, 'The organization id');
  const [org] = await db.select().from(organizations).where(eq(organizations.id, id));
  if (!org) throw new OpsError(`There is no organization ${id}. List them with: npm run ops -- org:list`);
  return org;
}

const describeOrg = (o: typeof organizations.$inferSelect) =>
  `${o.id}  ${o.companyName}${o.parentOrganizationId ? ` (sub-account of ${o.parentOrganizationId})` : ''}  discount ${bpToFraction(o.discountBp)}  monthly ${o.allowMonthly ? 'yes' : 'no'}  perpetual ${o.isPerpetualAccount ? 'yes' : 'no'}  invoice ${o.billedByInvoice ? 'yes' : 'no'}`;

const DAY_MS = 86_400_000;

async function setDemoOffset(db: Db, offsetMs: number) {
  await db
    .insert(settings)
    .values({ key: 'demoClock', value: { offsetMs } })
    .onConflictDoUpdate({ target: settings.key, set: { value: { offsetMs } } });
}

/** Runs one command; returns the process exit code. OpsError messages are for the operator. */
export async function runOps(argv: string[], ctx: OpsContext): Promise<number> {
  const p = parseArgs(argv);
  const { db, out } = ctx;
  switch (p.command) {
    case 'help':
    case '--help':
    case '-h':
      out(HELP);
      return 0;

    case 'org:list': {
      const rows = await db.select().from(organizations).orderBy(asc(organizations.id));
      for (const o of rows) out(describeOrg(o));
      if (rows.length === 0) out('No organizations yet.');
      return 0;
    }

    case 'org:create': {
      const name = required(p, 'name');
      const email = required(p, 'admin-email').toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        throw new OpsError(`'${email}' is not an e-mail address.`);
      const password = required(p, 'admin-password');
      if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
        throw new OpsError(
          `The admin password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long.`,
        );
      }
      const parent = p.options.has('parent') ? await findOrg(db, p.options.get('parent')) : null;
      const hash = await hashPassword(password);
      const org = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(organizations)
          .values({
            companyName: name,
            parentOrganizationId: parent?.id ?? null,
            addr1: p.options.get('addr1') ?? '',
            addr2: p.options.get('addr2') ?? '',
            city: p.options.get('city') ?? '',
            state: p.options.get('state') ?? '',
            country: (p.options.get('country') ?? '').toUpperCase(),
            zip: p.options.get('zip') ?? '',
          })
          .returning();
        await tx.insert(persons).values({
          organizationId: created!.id,
          rights: 3,
          passwordHash: hash,
          firstName: required(p, 'admin-first'),
          lastName: required(p, 'admin-last'),
          email,
          emailVerified: true,
        });
        return created!;
      });
      out(
        `Created organization ${org.id} '${org.companyName}'${parent ? ` under ${parent.id} '${parent.companyName}'` : ''} with admin ${email}.`,
      );
      return 0;
    }

    case 'org:set': {
      const org = await findOrg(db, p.args[0]);
      const set: Partial<typeof organizations.$inferInsert> = {};
      if (p.options.has('discount')) {
        const d = Number(p.options.get('discount'));
        if (!Number.isFinite(d) || d < 0 || d > 1) {
          throw new OpsError(
            `--discount is a fraction from 0 to 1 (0.15 = 15 %), not '${p.options.get('discount')}'.`,
          );
        }
        set.discountBp = fractionToBp(d);
      }
      if (p.options.has('allow-monthly'))
        set.allowMonthly = yesNo(p.options.get('allow-monthly')!, 'allow-monthly');
      if (p.options.has('perpetual'))
        set.isPerpetualAccount = yesNo(p.options.get('perpetual')!, 'perpetual');
      if (p.options.has('invoice')) set.billedByInvoice = yesNo(p.options.get('invoice')!, 'invoice');
      const unknown = [...p.options.keys()].filter(
        (k) => !['discount', 'allow-monthly', 'perpetual', 'invoice'].includes(k),
      );
      if (unknown.length > 0)
        throw new OpsError(
          `Unknown option --${unknown[0]}. org:set takes --discount, --allow-monthly, --perpetual, --invoice.`,
        );
      if (Object.keys(set).length === 0)
        throw new OpsError('Nothing to set. Give --discount, --allow-monthly, --perpetual or --invoice.');
      const [updated] = await db
        .update(organizations)
        .set(set)
        .where(eq(organizations.id, org.id))
        .returning();
      out(describeOrg(updated!));
      return 0;
    }

    case 'admin:promote': {
      const email = (p.args[0] ?? '').toLowerCase();
      if (!email) throw new OpsError('Give the e-mail address: admin:promote <email> [--org <orgId>]');
      const orgId = p.options.has('org') ? positiveInt(p.options.get('org'), 'The organization id') : null;
      const found = await db
        .select({
          id: persons.id,
          organizationId: persons.organizationId,
          rights: persons.rights,
          companyName: organizations.companyName,
        })
        .from(persons)
        .innerJoin(organizations, eq(organizations.id, persons.organizationId))
        .where(
          and(sql`lower(${persons.email}) = ${email}`, orgId ? eq(persons.organizationId, orgId) : undefined),
        );
      if (found.length === 0)
        throw new OpsError(`No person with the e-mail ${email}${orgId ? ` in organization ${orgId}` : ''}.`);
      if (found.length > 1) {
        throw new OpsError(
          `${email} belongs to several organizations (${found.map((f) => `${f.organizationId} '${f.companyName}'`).join(', ')}); choose one with --org.`,
        );
      }
      const person = found[0]!;
      await db
        .update(persons)
        .set({ rights: person.rights | 3 })
        .where(eq(persons.id, person.id));
      out(`${email} is now an administrator of ${person.organizationId} '${person.companyName}'.`);
      return 0;
    }

    case 'license:add': {
      const org = await findOrg(db, p.args[0]);
      const productText = required(p, 'product');
      const [product] = await db
        .select()
        .from(products)
        .where(
          /^\d+$/.test(productText)
            ? eq(products.product, Number(productText))
            : sql`lower(${products.name}) = lower(${productText})`,
        );
      if (!product) {
        const names = (
          await db.select({ name: products.name }).from(products).orderBy(asc(products.sortOrder))
        ).map((r) => r.name);
        throw new OpsError(`There is no product '${productText}'. Products: ${names.join(', ')}.`);
      }
      const [plan] = await db
        .select()
        .from(pricingPlans)
        .where(eq(pricingPlans.product, product.product))
        .orderBy(asc(pricingPlans.sortOrder))
        .limit(1);
      if (!plan) throw new OpsError(`Product ${product.name} has no plan to attach the license to.`);
      const description = required(p, 'description');
      const version = required(p, 'version');
      const machines = positiveInt(p.options.get('machines'), '--machines');
      const cpus = positiveInt(p.options.get('cpus'), '--cpus');
      const now = ctx.clock.now();
      const sub = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(subscriptions)
          .values({
            organizationId: org.id,
            pricingPlanId: plan.id,
            description,
            billingMode: BillingMode.NoBill,
            isPerpetualLicense: true,
            numberMachines: machines,
            apiKey1: randomToken(24),
            currentPeriodStart: now,
            nextBaseBillingDate: null,
            nextOverageBillingDate: null,
            anchorDay: now.getUTCDate(),
          })
          .returning();
        await tx.insert(perpetualLicenses).values({
          subscriptionId: created!.id,
          description,
          version,
          product: product.product,
          numMachines: machines,
          numCpus: cpus,
        });
        return created!;
      });
      out(
        `Added perpetual license ${sub.id} '${description}' (${product.name} ${version}, ${machines} machines, ${cpus} CPUs) to ${org.id} '${org.companyName}'. License key: ${sub.apiKey1}`,
      );
      return 0;
    }

    case 'billing:run': {
      const counts = await runBillingCycle({
        db,
        clock: ctx.clock,
        gateway: await ctx.gateway(),
        mailer: ctx.mailer,
      });
      out(`Billing cycle at ${ctx.clock.now().toISOString()}:`);
      out(
        `  renewed ${counts.renewed}, overage bills ${counts.overageBilled}, invoices ${counts.invoiced}, charges ${counts.chargeAttempts} (paid ${counts.paid}, declined ${counts.declined}, unknown ${counts.unknown}, settled after a crash ${counts.recovered})`,
      );
      out(
        `  un-paid after 14 days ${counts.unpaid} (subscriptions deactivated ${counts.deactivated}), cancelled subscriptions ended ${counts.ended}`,
      );
      return 0;
    }

    case 'bills:past-due': {
      const bills = await listOutstandingBills(db);
      if (bills.length === 0) out('No bills are waiting for money.');
      for (const b of bills) out(describeOutstanding(b));
      return 0;
    }

    case 'invoice:paid': {
      const orderId = positiveInt(p.args[0], 'The bill number');
      const bill = await markOfflineInvoicePaid(db, ctx.clock, orderId);
      out(
        `Bill #${bill.id} (${formatUsd(bill.totalCents)}) is marked paid on ${formatLongDate(bill.paidAt!)}.`,
      );
      return 0;
    }

    case 'clock:show':
    case 'clock:advance':
    case 'clock:set':
    case 'clock:reset': {
      if (ctx.mode !== 'demo')
        throw new OpsError('The demo clock exists only in demo mode (DEMO=1 or no DATABASE_URL).');
      let offset = await readDemoClockOffset(db);
      if (p.command === 'clock:advance') {
        const days = Number(p.args[0]);
        if (p.args[0] === undefined || !Number.isFinite(days) || days <= 0) {
          throw new OpsError(
            `clock:advance takes a number of days greater than 0${p.args[0] ? `, not '${p.args[0]}'` : ''}, e.g. clock:advance 30`,
          );
        }
        offset += Math.round(days * DAY_MS);
        await setDemoOffset(db, offset);
      } else if (p.command === 'clock:set') {
        const target = new Date(p.args[0] ?? '');
        if (!p.args[0] || Number.isNaN(target.getTime()))
          throw new OpsError('clock:set takes an ISO date, e.g. clock:set 2027-01-31T12:00:00Z');
        offset = target.getTime() - Date.now();
        await setDemoOffset(db, offset);
      } else if (p.command === 'clock:reset') {
        offset = 0;
        await setDemoOffset(db, 0);
      }
      out(
        `Demo clock: ${new Date(Date.now() + offset).toISOString()} (${(offset / DAY_MS).toFixed(2)} days ahead of real time).`,
      );
      if (p.command !== 'clock:show')
        out('Running servers follow at their next billing interval; run billing:run to bill now.');
      return 0;
    }

    default:
      throw new OpsError(`Unknown command '${p.command}'. See: npm run ops -- help`);
  }
}
