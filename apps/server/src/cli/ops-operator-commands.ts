import { hashPassword } from '../lib/passwords';
import { randomToken } from '../lib/tokens';
import { RESET_LINK_HOURS } from '../mail/templates';
import { createOperatorsService } from '../modules/accounts';
import type { OpsContext, Parsed } from './ops-args';
import { required } from './ops-args';
import { OpsError } from './ops-error';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailArg(p: Parsed, usage: string): string {
  const email = (p.args[0] ?? '').trim().toLowerCase();
  if (!email) throw new OpsError(`Give the e-mail address: ${usage}`);
  if (!EMAIL.test(email)) throw new OpsError(`'${email}' is not an e-mail address.`);
  return email;
}

/** The store's operators (docs/decisions/015); null for a command of another group. */
export async function runOperatorCommand(p: Parsed, ctx: OpsContext): Promise<number | null> {
  const { db, out } = ctx;
  const operators = createOperatorsService({ db, clock: ctx.clock, config: ctx });
  switch (p.command) {
    case 'operator:add': {
      const email = emailArg(p, 'operator:add <email> --first <name> --last <name>');
      const firstName = required(p, 'first');
      const lastName = required(p, 'last');
      // A password nobody knows: the operator chooses theirs through the link mailed below.
      const passwordHash = await hashPassword(randomToken(32));
      const { created } = await operators.addOperator({ email, firstName, lastName, passwordHash });
      if (created) {
        await operators.mailPasswordLink(email);
        out(
          `${email} is now a store operator. A link to choose a password (valid ${RESET_LINK_HOURS} hour) is in the outbox: a running server or worker mails it. Two-factor sign-in is set up at the first sign-in.`,
        );
      } else out(`${email} is a store operator.`);
      return 0;
    }

    case 'operator:remove': {
      const email = emailArg(p, 'operator:remove <email>');
      if (!(await operators.removeOperator(email))) throw new OpsError(`${email} is not a store operator.`);
      out(`${email} is no longer a store operator; their sessions have ended.`);
      return 0;
    }

    case 'operator:list': {
      const rows = await operators.listOperators();
      for (const o of rows) out(`${o.email}  ${o.firstName} ${o.lastName}`);
      if (rows.length === 0)
        out(
          'No operators yet. Add one with: npm run ops -- operator:add <email> --first <name> --last <name>',
        );
      return 0;
    }

    default:
      return null;
  }
}
