import { monthsPerCycle } from './billing-cycle';

// Every date is formatted and computed in UTC so the server, the web app and the tests agree
// regardless of the machine's time zone.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export type DateInput = Date | string | number;

const toDate = (d: DateInput): Date => {
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(d)}`);
  return date;
};

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'Nov 22, 2026' */
export const formatMediumDate = (d: DateInput): string => {
  const date = toDate(d);
  return `${MONTHS[date.getUTCMonth()].slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
};

/** 'Nov 22, 2026, 09:05 UTC': when something happened to the minute (a machine last seen). */
export const formatMediumDateTime = (d: DateInput): string => {
  const date = toDate(d);
  return `${formatMediumDate(date)}, ${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())} UTC`;
};

/** 'MM-dd-yy', e.g. '11-22-26' */
export const formatShortDate = (d: DateInput): string => {
  const date = toDate(d);
  return `${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}-${pad2(date.getUTCFullYear() % 100)}`;
};

/** 'MMMM dd, yyyy', e.g. 'November 02, 2026' */
export const formatLongDate = (d: DateInput): string => {
  const date = toDate(d);
  return `${MONTHS[date.getUTCMonth()]} ${pad2(date.getUTCDate())}, ${date.getUTCFullYear()}`;
};

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * Moves by whole months keeping the anchor day (default: the date's own day), clamped to the
 * month's end, so a subscription bought on Jan 31 renews Feb 28 and then Mar 31 (docs/design.md §3).
 */
export const addMonthsClamped = (date: DateInput, months: number, anchorDay?: number): Date => {
  const d = toDate(date);
  const day = anchorDay ?? d.getUTCDate();
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const clampedDay = Math.min(day, daysInMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      clampedDay,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
};

export const addDays = (date: DateInput, n: number): Date =>
  new Date(toDate(date).getTime() + n * 86_400_000);

/** The start of cycle number `cyclesElapsed` counted from the purchase anchor. */
export const nextCycleDate = (anchor: DateInput, mode: number, cyclesElapsed: number): Date => {
  const a = toDate(anchor);
  return addMonthsClamped(a, monthsPerCycle(mode) * cyclesElapsed, a.getUTCDate());
};
