// What a console list reads from its address: anything malformed is as if absent.

/** A page number from the address: a whole number from 1, anything else is the first page. */
export function pageParam(raw: string | null): number {
  if (!raw || !/^[1-9][0-9]{0,5}$/.test(raw)) return 1;
  return Number(raw);
}

/** An id from the address, or null. */
export const idParam = (raw: string | null): number | null =>
  raw && /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : null;

/** A day written YYYY-MM-DD, or ''. */
export const dayParam = (raw: string | null): string => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : '');
