/** A page number from the address: a whole number from 1, anything else is the first page. */
export function pageParam(raw: string | null): number {
  if (!raw || !/^[1-9][0-9]{0,5}$/.test(raw)) return 1;
  return Number(raw);
}
