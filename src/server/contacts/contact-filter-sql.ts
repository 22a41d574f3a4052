import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ContactFilter } from '../../shared/contacts.js';
import { globalContacts as gc } from '../db/schema.js';

/** The search filter's menus as SQL, and a query term as a text condition (for the features acting on "every match"). */

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (ch) => `\\${ch}`);

type FilterDimension = 'country' | 'city' | 'contactTopic' | 'mediaType' | 'language';
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

/** The condition of one filter dimension, or undefined when that filter is not set. */
function dimensionCondition(filter: ContactFilter, dimension: FilterDimension): SQL | undefined {
  switch (dimension) {
    case 'country':
      return filter.country.length ? inArray(gc.country, filter.country) : undefined;
    case 'city':
      return filter.city.length ? inArray(gc.city, filter.city) : undefined;
    case 'mediaType':
      return filter.mediaType.length ? inArray(gc.mediaType, filter.mediaType) : undefined;
    case 'language':
      return filter.language ? eq(gc.language, filter.language) : undefined;
    case 'contactTopic':
      return filter.contactTopic.length
        ? sql`${gc.contactTopicList} && ${sql.param(filter.contactTopic)}::text[]`
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
