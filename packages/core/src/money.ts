// Float products such as 1.005 * 100 land a hair below .5; trimming to 15 significant digits
// removes that noise so half-up rounding matches what a person computing by hand expects.
const denoise = (n: number): number => Number(n.toPrecision(15));

/** Rounds half away from zero to an integer (money is never negative-biased). */
export const roundHalfUp = (n: number): number => {
  if (!Number.isFinite(n)) throw new RangeError(`Cannot round ${n}`);
  const clean = denoise(n);
  const rounded = Math.floor(Math.abs(clean) + 0.5);
  return clean < 0 ? -rounded : rounded;
};

export const toCents = (dollars: number): number => roundHalfUp(dollars * 100);

export const fromCents = (cents: number): number => cents / 100;

export const fractionToBp = (fraction: number): number => roundHalfUp(fraction * 10_000);

export const bpToFraction = (bp: number): number => bp / 10_000;

export const dollarsToMicros = (dollars: number): number => roundHalfUp(dollars * 1_000_000);

export const microsToDollars = (micros: number): number => micros / 1_000_000;

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export const formatUsd = (cents: number): string => usd.format(fromCents(Math.trunc(cents)));

export const formatUsdPerPeriod = (cents: number, displayPeriod: string): string =>
  `${formatUsd(cents)} / ${displayPeriod}`;
