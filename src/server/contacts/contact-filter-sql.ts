import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ContactFilter } from '../../shared/contacts.js';
import { globalContacts as gc } from '../db/schema.js';

/** The search filter's menus as SQL, and a query term as a text condition (for the features acting on "every match"). */

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export type FilterDimension = 'country' | 'city' | 'contactTopic' | 'mediaType' | 'language';
const DIMENSIONS: FilterDimension[] = ['country', 'city', 'contactTopic', 'mediaType', 'language'];

/**
 * Whether the viewer may see addresses (canViewEmails), and so may also find contacts by them. For anyone
 * else nothing matches on an address: otherwise matches and counts would spell it out letter by letter.
 */
export type SearchVisibility = { revealsEmail: boolean };

export function textCondition(term: string, { revealsEmail }: SearchVisibility): SQL {
  const pattern = `%${escapeLike(term)}%`;
  return revealsEmail
    ? sql`(${gc.searchText} LIKE ${pattern} OR ${gc.email} LIKE ${pattern})`
    : sql`${gc.searchText} LIKE ${pattern}`;
}

/**
 * Values no stored text can hold (a NUL: the search's country of a place word outside the picked ones)
 * match nothing, and cannot be sent to the database.
 */
const storable = (values: string[]) => values.filter((value) => !value.includes('\u0000'));
const anyOf = (values: string[], condition: (values: string[]) => SQL) =>
  storable(values).length ? condition(storable(values)) : sql`false`;

/** The condition of one filter dimension, or undefined when that filter is not set. */
function dimensionCondition(filter: ContactFilter, dimension: FilterDimension): SQL | undefined {
  switch (dimension) {
    case 'country':
      return filter.country.length ? anyOf(filter.country, (values) => inArray(gc.country, values)) : undefined;
    case 'city':
      return filter.city.length ? anyOf(filter.city, (values) => inArray(gc.city, values)) : undefined;
    case 'mediaType':
      return filter.mediaType.length ? anyOf(filter.mediaType, (values) => inArray(gc.mediaType, values)) : undefined;
    case 'language':
      return filter.language ? eq(gc.language, filter.language) : undefined;
    case 'contactTopic':
      return filter.contactTopic.length
        ? anyOf(filter.contactTopic, (values) => sql`${gc.contactTopicList} && ${sql.param(values)}::text[]`)
        : undefined;
  }
}

/**
 * The WHERE conditions of a filter's menus. Not of its query: a query can find contacts through variants
 * and forgiven slips, which only the search knows (contactIdsMatching).
 */
export function menuConditions(filter: ContactFilter): SQL[] {
  const conditions: SQL[] = [];
  for (const dimension of DIMENSIONS) {
    const condition = dimensionCondition(filter, dimension);
    if (condition) conditions.push(condition);
  }
  return conditions;
}

/** Each set dimension of a filter with its condition: what one menu's count leaves out (counted under the others). */
export function dimensionConditions(filter: ContactFilter): Array<{ dimension: FilterDimension; condition: SQL }> {
  return DIMENSIONS.flatMap((dimension) => {
    const condition = dimensionCondition(filter, dimension);
    return condition ? [{ dimension, condition }] : [];
  });
}

/**
 * The contacts failing at most `failures` of a filter's dimensions: 0 meets every filter (a page, a
 * count), 1 is what the menus count (each under the others). Undefined: every contact qualifies.
 */
export function failingAtMost(filter: ContactFilter, failures: 0 | 1): SQL | undefined {
  const conditions = menuConditions(filter);
  if (!conditions.length || (failures === 1 && conditions.length === 1)) return undefined;
  if (failures === 0) return and(...conditions);
  return sql`(${sql.join(
    conditions.map((condition) => sql`(CASE WHEN ${condition} THEN 0 ELSE 1 END)`),
    sql` + `,
  )}) <= 1`;
}
