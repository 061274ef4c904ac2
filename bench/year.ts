import { argNumber } from './lib/report';
import { runYear } from './lib/year/run';
import { printYear } from './lib/year/table';

// A year of a busy store on a mock clock (see bench/lib/year/run.ts):
// `npx tsx bench/year.ts [--subscriptions 20000] [--months 13] [--seed 1] [--kill-chance 0.1]`.
// Exits 1 when a check finds a violation.

const result = await runYear({
  subscriptions: argNumber('subscriptions', 20_000),
  months: argNumber('months', 13),
  seed: argNumber('seed', 1),
  threeDSecure: true,
  killChance: argNumber('kill-chance', 0.1),
  log: (line) => console.log(line),
});
printYear(result);
process.exit(result.checks.some((c) => c.violations.length > 0) ? 1 : 0);
