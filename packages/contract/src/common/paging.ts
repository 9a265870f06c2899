import { z } from 'zod';

/** SPEC §2/§9 page-size options; "All" is the largest 32-bit integer. */
export const PAGE_SIZE_ALL = 2147483647;
export const PAGE_SIZE_OPTIONS = [PAGE_SIZE_ALL, 10, 25, 50, 100, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 100;
export const SORT_ORDERS = ['ASC', 'DESC'] as const;
/** Keeps (pageNumber − 1) × pageSize inside PostgreSQL's bigint and JavaScript's safe integers. */
export const MAX_PAGE_NUMBER = 1_000_000;

export const pageNumberSchema = z.number().int().min(1).max(MAX_PAGE_NUMBER).default(1);
export const pageSizeSchema = z.number().int().min(1).max(PAGE_SIZE_ALL);

/** Rows to skip for a page; "All" has only page 1, so no product of huge numbers reaches the database. */
export function pageOffset(pageNumber: number, pageSize: number): number {
  return pageSize === PAGE_SIZE_ALL ? 0 : (pageNumber - 1) * pageSize;
}

export function listRequestSchema<F extends z.ZodType>(filter: F) {
  return z.object({
    pageNumber: pageNumberSchema,
    pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
    sortBy: z.string().max(64).optional(),
    sortOrder: z.enum(SORT_ORDERS).optional(),
    filter: filter.optional(),
  });
}

export function listResponseSchema<I extends z.ZodType>(item: I) {
  return z.object({
    items: z.array(item),
    totalCount: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  });
}
