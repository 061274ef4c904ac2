import { z } from 'zod';

// What every operator list shares (the operator API contract): paged answers and the page query.

export const OPS_PAGE_SIZE = 25;

/** `?page=` of an operator list: 1 when absent; a bad value is a 400 with this message. */
export const PageQueryField = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(100_000, 'page must be at most 100000')
  .default(1);

export const pagedSchema = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });

export const OkSchema = z.object({ success: z.literal(true) });
