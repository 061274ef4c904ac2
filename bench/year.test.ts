import { describe, expect, it } from 'vitest';
import { postgresReachable } from '../apps/server/test/support/postgres';
import { runYear } from './lib/year/run';
import { printYear } from './lib/year/table';

// The year simulation, small: 150 subscriptions over 2 months of the store's clock,
// with two servers, a worker and SIGKILLs, must end with no violation of any check.

const reachable = await postgresReachable();
if (!reachable && process.env.CI === 'true') throw new Error('The year simulation needs PostgreSQL.');

describe.skipIf(!reachable)('a year of a small store', () => {
  it('charges every period once, bills every RTU over the allowance once, numbers without gaps, sends every mail', async () => {
    const result = await runYear({
      subscriptions: 150,
      months: 2,
      seed: 7,
      threeDSecure: true,
      killChance: 0.25,
      log: process.env.YEAR_TRACE ? (line) => console.log(line) : () => {},
    });
    printYear(result);
    expect(result.checks.filter((c) => c.violations.length > 0)).toEqual([]);
    expect(result.checks.every((c) => c.checked > 0)).toBe(true);
    expect(result.kills).toBeGreaterThan(0);
  });
});
