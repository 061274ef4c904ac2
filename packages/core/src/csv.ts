// CSV as RFC 4180 writes it, for the console's exports: a spreadsheet opens it as it is.

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is prefixed
 * with an apostrophe (OWASP's CSV injection advice): a customer's company name is never executed.
 */
function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The header row, then one row per record; lines end with CRLF. */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>,
) {
  return [header, ...rows].map((row) => `${row.map(cell).join(',')}\r\n`).join('');
}
