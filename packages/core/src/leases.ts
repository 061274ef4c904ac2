import type { LeaseSeatModel } from './schemas/leases';

// Floating seats (docs/design.md §5a, docs/decisions/034): an engine of a floating license holds a seat
// while its lease is unexpired. Counting reads the clock of the moment, as machines' heartbeat windows
// do, so a killed container frees its seat within one lease length without anyone cleaning up.

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A floating plan that names no lease length leases for this long (the issue's default). */
export const DEFAULT_LEASE_MINUTES = 15;
/** The longest lease the operator may set: a day; a longer absence is what borrowing is for. */
export const MAX_LEASE_MINUTES = 1440;
/** The longest a lease may be borrowed for offline use, whatever a plan says. */
export const MAX_BORROW_DAYS = 90;

export const SeatModel = { NodeLocked: 'node-locked', Floating: 'floating' } as const satisfies Record<
  string,
  LeaseSeatModel
>;

/** Whether a plan's engines float (lease seats) rather than being locked to activated machines. */
export const isFloatingPlan = (plan: { seatModel: string }): boolean => plan.seatModel === SeatModel.Floating;

/** The plan's own lease length, else the default. */
export const leaseMinutesOf = (planMinutes: number | null | undefined): number =>
  planMinutes && planMinutes > 0 ? planMinutes : DEFAULT_LEASE_MINUTES;

/** When a lease checked out or renewed at `now` ends unless renewed again. */
export const leaseExpiry = (now: Date, minutes: number): Date =>
  new Date(now.getTime() + minutes * MINUTE_MS);

/** When a lease borrowed at `now` for `days` ends unless returned earlier. */
export const borrowExpiry = (now: Date, days: number): Date => new Date(now.getTime() + days * DAY_MS);

/** A lease holds its seat until the instant it expires; at that instant the seat is free. */
export const isLeaseHeld = (expiresAt: Date, now: Date): boolean => now.getTime() < expiresAt.getTime();

/**
 * A renewal never shortens a lease: a borrowed lease keeps its borrowed end when the engine comes back
 * online and renews, so its borrow file and its seat end together.
 */
export const renewedExpiry = (current: Date, now: Date, minutes: number): Date => {
  const next = leaseExpiry(now, minutes);
  return next.getTime() > current.getTime() ? next : current;
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The sentences of the lease codes (for the engine's log) and of the portal's leases list. */
export const LeaseMessages = {
  tooManyLeases: (limit: number, nextEndsAt: Date | null) =>
    `All ${plural(limit, 'floating seat')} of this license are leased.${nextEndsAt ? ` The next lease ends at ${nextEndsAt.toISOString()} unless renewed.` : ''} Try again then, or an administrator ends a lease in the portal.`,
  noLease:
    'This lease does not exist: it was checked in or ended by an administrator. Check out a new lease.',
  leaseExpired: (minutes: number) =>
    `This lease was not renewed within ${plural(minutes, 'minute')}, so its seat was released. Check out a new lease.`,
  notFloating:
    "This license's engines are node-locked: activate the machine instead of checking out a lease.",
  floating:
    "This license's engines float: check out a lease (POST /api/licensing/leases) instead of activating the machine.",
  borrowLimit: (maxDays: number) =>
    maxDays > 0
      ? `A lease of this plan may be borrowed for at most ${plural(maxDays, 'day')}.`
      : 'Leases of this plan may not be borrowed for offline use.',
  endConfirm: (hostname: string) =>
    `End the lease of ${hostname}? Its seat is free at once; the engine stops at its next renewal and may check out again while a seat is free.`,
  ended: (hostname: string) => `The lease of ${hostname} was ended.`,
  noLeases: 'No engine holds a lease now.',
} as const;

/** The License section's line for a floating license: 'n of N floating seats leased'. */
export const leaseSeatsText = (used: number, limit: number | null): string =>
  limit === null
    ? `${plural(used, 'lease')} (not limited)`
    : `${used} of ${plural(limit, 'floating seat')} leased`;
