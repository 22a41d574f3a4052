import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A fixed list of the code's own constants (statuses, roles, kinds: src/shared) written into SQL as quoted
 * literals rather than parameters. A CHECK constraint holds only literals, and the planner matches a partial
 * index (or ON CONFLICT its arbiter index) only to a predicate naming the same literals; a generic plan with
 * parameters matches neither. Only plain names are taken (lower-case letters, digits, `_` and `-`: a suppression's
 * reason is `soft-bounced`), so nothing from outside can reach the SQL this way.
 */
export function literalList(values: readonly string[]): SQL {
  if (!values.length) throw new Error('an empty list of constants');
  for (const value of values) if (!/^[a-z][a-z0-9_-]*$/.test(value)) throw new Error(`not a constant: ${value}`);
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

/** `column IN ('a', 'b')` over a fixed list of constants. */
export const isOneOf = (column: SQLWrapper, values: readonly string[]): SQL => sql`${column} IN (${literalList(values)})`;

/** `column NOT IN ('a', 'b')` over a fixed list of constants. */
export const isNoneOf = (column: SQLWrapper, values: readonly string[]): SQL => sql`${column} NOT IN (${literalList(values)})`;
