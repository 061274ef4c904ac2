/**
 * Ends a sentence with exactly one full stop. Sentences that end with a name ("All items are billed
 * to Demo Documents Inc.") would otherwise read "Inc.." when the name carries its own stop; a name
 * ending in "!" or "?" ends the sentence too.
 */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
