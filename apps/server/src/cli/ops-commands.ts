import { userInfo } from 'node:os';
import { createOperatorsService } from '../modules/accounts';
import { commandLineActor, runAs } from '../modules/audit';
import { type OpsContext, type Parsed, parseArgs } from './ops-args';
import { runBillingCommand } from './ops-billing-commands';
import { runCatalogCommand } from './ops-catalog-commands';
import { OpsError } from './ops-error';
import { runOfflineCommand } from './ops-offline-commands';
import { runOperatorCommand } from './ops-operator-commands';
import { runOrgCommand } from './ops-org-commands';

// The operator's commands (docs/design.md §2, last bullet): `npm run ops -- <command> [options]`.
// Customers never set their own discount or terms; the operator does, here.

export { type OpsContext, parseArgs } from './ops-args';

export const HELP = `Operator commands of the licensed software store.

Usage: npm run ops -- <command> [arguments] [--option value ...] [--as <email>]

Every change a command makes is written to the audit log with who made it: the store operator
named by --as <email> (see operator:list), or else the account that ran the command on this
machine ("Operator command line (<user>)"). Give --as in shared or scripted use, so the log names a person.

Organizations
  org:list                                   List organizations with their terms.
  org:create --name <company> --admin-email <email> --admin-first <name> --admin-last <name>
             --admin-password <password> [--parent <orgId>] [--addr1 <text>] [--addr2 <text>]
             [--city <text>] [--state <text>] [--country <code>] [--zip <text>]
                                             Create an organization (a sub-account with --parent) and its admin.
  org:set <orgId> [--discount <fraction 0..1>] [--allow-monthly yes|no] [--perpetual yes|no] [--invoice yes|no] [--terms 14|30|60]
                                             Set an organization's discount and terms.
  admin:promote <email> [--org <orgId>]      Make a person an administrator of their organization.
  org:verify-domain <orgId> --domain <domain>
                                             Verify an e-mail domain the organization's admin claimed (single sign-on).
  license:add <orgId> --product <name|flag> --description <text> --version <text> --machines <n> --cpus <n>
                                             Add a perpetual license to an organization.
  offline:allow-reissue <subscriptionId>     Allow one more change of the hosts of an offline license this period.

Operators (the console at /ops; two-factor sign-in is required)
  operator:add <email> --first <name> --last <name>
                                             Make a person a store operator (mails a link to choose a password).
  operator:remove <email>                    Remove a store operator.
  operator:list                              List the store operators.

Catalogue (what the console's Catalogue screen does, for scripts)
  catalog:import <file.json>                 Add or update products and plans from a catalogue file (nothing is deleted).
  catalog:export [file.json]                 Write the catalogue as such a file (to the screen without a file).
  catalog:list                               Products and plans with their ids, prices and subscribers.
  catalog:plan-unavailable <planId>          Stop selling a plan; its subscribers keep it (Grandfathered).
  catalog:plan-available <planId>            Sell a plan again.
  catalog:plan-price <planId> <monthlyFee>   New price: new purchases at once, subscribers at their next renewal.

Billing
  billing:run                                Run the billing cycle now (renewals, retries, deactivation, overage).
  bills:past-due                             List bills waiting for money: past-due charges and open invoices.
  invoice:paid <orderId> [--reference <text>]
                                             Record that an unpaid bill was paid outside the card processor (and how).
  reconcile [--since <date>]                 Compare the gateway's charges with the bills; exits 1 on any difference.

Demo clock (demo mode only)
  clock:show                                 Show the demo clock.
  clock:advance <days>                       Move the demo clock forward (running servers follow within a billing interval).
  clock:set <ISO date>                       Set the demo clock to a moment, e.g. 2027-01-31T12:00:00Z.
  clock:reset                                Back to real time.

The database is the server's: DATABASE_URL (PostgreSQL) or DATA_DIR (the embedded database, ./data).`;

/** Runs one command; returns the process exit code. OpsError messages are for the operator. */
export async function runOps(
  argv: string[],
  ctx: OpsContext & {
    /** The account that runs the command, named in the audit log without --as; the OS user when omitted. */
    osUser?: string;
  },
): Promise<number> {
  const p = parseArgs(argv);
  if (p.command === 'help' || p.command === '--help' || p.command === '-h') {
    ctx.out(HELP);
    return 0;
  }
  // Every change the tool makes is audited as the operator's who ran it (docs/decisions/017).
  const code = await runAs(
    await whoRuns(p, ctx),
    ctx.clock,
    async () =>
      (await runOrgCommand(p, ctx)) ??
      (await runBillingCommand(p, ctx)) ??
      (await runOfflineCommand(p, ctx)) ??
      (await runOperatorCommand(p, ctx)) ??
      (await runCatalogCommand(p, ctx)),
  );
  if (code === null) throw new OpsError(`Unknown command '${p.command}'. See: npm run ops -- help`);
  return code;
}

/** Who runs the command, for the audit log: the operator given with --as (taken out of the options), or the OS account. */
async function whoRuns(p: Parsed, ctx: OpsContext & { osUser?: string }) {
  const email = p.options.get('as')?.trim().toLowerCase();
  p.options.delete('as');
  if (email === undefined) return commandLineActor({ osUser: ctx.osUser ?? userInfo().username });
  const operators = await createOperatorsService({
    db: ctx.db,
    clock: ctx.clock,
    config: ctx,
  }).listOperators();
  const operator = operators.find((o) => o.email.toLowerCase() === email);
  if (!operator)
    throw new OpsError(`--as ${email}: not a store operator. List them with: npm run ops -- operator:list`);
  return commandLineActor({
    personId: operator.personId,
    name: `${operator.firstName} ${operator.lastName}`,
  });
}
