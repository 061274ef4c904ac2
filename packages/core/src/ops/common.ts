import { z } from 'zod/mini';

// What every operator list shares (the operator API contract): paged answers and the page query.

export const OPS_PAGE_SIZE = 25;

/** `?page=` of an operator list: 1 when absent; a bad value is a 400 with this message. */
export const PageQueryField = z._default(
  z.coerce
    .number({ error: 'page must be a number' })
    .check(
      z.int('page must be a whole number'),
      z.gte(1, 'page must be at least 1'),
      z.lte(100_000, 'page must be at most 100000'),
    ),
  1,
);

export const pagedSchema = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().check(z.int()),
    pageSize: z.number().check(z.int()),
    total: z.number().check(z.int()),
  });

export const OkSchema = z.object({ success: z.literal(true) });
