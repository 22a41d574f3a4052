import { z } from 'zod';

/**
 * The page and page size of a paged list, read from a query string. A value that is not one whole
 * number (`abc`, `1.5`, or a parameter given twice) gets a message a person understands.
 */
export const pageParam = (max: number) =>
  z.coerce
    .number({ message: 'Page must be a number' })
    .int({ message: 'Page must be a whole number' })
    .min(1, { message: 'Page must be at least 1' })
    .max(max, { message: `Page must be at most ${max}` })
    .default(1);

export const pageSizeParam = (defaultSize: number, max: number) =>
  z.coerce
    .number({ message: 'Page size must be a number' })
    .int({ message: 'Page size must be a whole number' })
    .min(1, { message: 'Page size must be at least 1' })
    .max(max, { message: `Page size must be at most ${max}` })
    .default(defaultSize);
