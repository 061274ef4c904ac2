import { allowOfflineReissue } from '../modules/subscriptions';
import { type OpsContext, type Parsed, positiveInt } from './ops-args';
import { OpsError } from './ops-error';

/**
 * Offline licenses (docs/design.md §5): the hosts of an offline file change once per paid period; the
 * operator allows one more change at a customer's request. Null for a command of another group.
 */
export async function runOfflineCommand(p: Parsed, ctx: OpsContext): Promise<number | null> {
  if (p.command !== 'offline:allow-reissue') return null;
  const id = positiveInt(p.args[0], 'The subscription id');
  const allowed = await allowOfflineReissue(ctx.db, id);
  if (allowed === null) throw new OpsError(`No subscription ${id}.`);
  ctx.out(
    `Subscription ${id} may change the hosts of its offline license ${allowed} more time${allowed === 1 ? '' : 's'} this period.`,
  );
  return 0;
}
