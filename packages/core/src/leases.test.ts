import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LEASE_MINUTES,
  isFloatingPlan,
  isLeaseHeld,
  LeaseMessages,
  leaseExpiry,
  leaseMinutesOf,
  leaseSeatsText,
  renewedExpiry,
} from './leases';

const at = (iso: string) => new Date(iso);
const NOW = at('2026-11-02T12:00:00.000Z');

describe('leases', () => {
  it.each([
    [null, DEFAULT_LEASE_MINUTES],
    [0, DEFAULT_LEASE_MINUTES],
    [5, 5],
  ])("takes the plan's lease length %s as %s minutes", (plan, minutes) => {
    expect(leaseMinutesOf(plan)).toBe(minutes);
  });

  it('holds a seat until the instant the lease expires', () => {
    const expires = leaseExpiry(NOW, 15);
    expect(expires.toISOString()).toBe('2026-11-02T12:15:00.000Z');
    expect(isLeaseHeld(expires, at('2026-11-02T12:14:59.999Z'))).toBe(true);
    expect(isLeaseHeld(expires, expires)).toBe(false);
  });

  it('never shortens a lease on renewal (a borrowed lease keeps its end)', () => {
    expect(renewedExpiry(at('2026-11-02T12:05:00Z'), NOW, 15).toISOString()).toBe('2026-11-02T12:15:00.000Z');
    expect(renewedExpiry(at('2026-11-05T12:00:00Z'), NOW, 15).toISOString()).toBe('2026-11-05T12:00:00.000Z');
  });

  it('says whether a plan floats, and the seat line and refusal in words', () => {
    expect(isFloatingPlan({ seatModel: 'floating' })).toBe(true);
    expect(isFloatingPlan({ seatModel: 'node-locked' })).toBe(false);
    expect(leaseSeatsText(2, 3)).toBe('2 of 3 floating seats leased');
    expect(leaseSeatsText(1, null)).toBe('1 lease (not limited)');
    expect(LeaseMessages.tooManyLeases(1, at('2026-11-02T12:03:00Z'))).toBe(
      'All 1 floating seat of this license are leased. The next lease ends at 2026-11-02T12:03:00.000Z unless renewed. Try again then, or an administrator ends a lease in the portal.',
    );
  });
});
