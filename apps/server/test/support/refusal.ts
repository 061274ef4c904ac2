/**
 * A 400's message with the field it is about, as "field: message": the answer carries the message a
 * person reads and, apart, the field as the API document names it; tests of bad input check both.
 */
export function refusal(body: { message?: string; field?: string } | null | undefined): string {
  const message = body?.message ?? '';
  if (!body?.field || message.startsWith(`${body.field}: `)) return message;
  return `${body.field}: ${message}`;
}
