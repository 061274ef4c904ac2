import { z } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * zod/mini loads no locale: an issue whose schema sets no message reads "Invalid input". Classic
 * zod loaded English by itself. Every schema a customer's screen validates sets its own messages
 * (the spec's texts), so the customer's screens load no locale; the API's 400s, the environment's
 * errors and the operator's console, whose plan fields say zod's English ("Too big: expected number
 * to be <=1000"), call this once before they parse anything.
 */
export function loadZodEnglishMessages(): void {
  z.config(en());
}
