import { sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { contactsIndexSnapshots } from '../db/schema.js';
import { contactsIndexUnlessLoading } from './contacts-index.js';
import { contactsVersion } from './contacts-version.js';

/**
 * The same database as another process would open it just after a start, its full load of the index held
 * back (the load reads ranges of ids; nothing else does) until `open()`. Unless `kept`, it finds no index kept
 * from an earlier load (docs/decisions/032), as at the first start or after an import.
 */
export function startedWithIndexLoading(of: Db, { kept = false } = {}) {
  const dialect = new PgDialect();
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const fullLoads: string[] = [];
  const started = new Proxy(of, {
    get(target, property, receiver) {
      if (property === 'select' && !kept) return selectFindingNothingKept(target);
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return async (query: SQLWrapper) => {
        const text = dialect.sqlToQuery(query.getSQL()).sql;
        if (/\bid >= /.test(text)) {
          fullLoads.push(text);
          await opened;
        }
        return target.execute(query);
      };
    },
  });
  return { db: started, open, fullLoads };
}

/** db.select, except that the kept index's table holds no row. */
function selectFindingNothingKept(of: Db) {
  return (fields: Parameters<Db['select']>[0]) => {
    const builder = of.select(fields);
    return new Proxy(builder, {
      get(target, property, receiver) {
        if (property !== 'from') return Reflect.get(target, property, receiver);
        return (table: Parameters<typeof target.from>[0]) => (table === contactsIndexSnapshots ? target.from(table).where(sql`false`) : target.from(table));
      },
    });
  };
}

/** Whether this handle's index is still being loaded in full (so an answer just given came from the database). */
export const stillLoading = async (on: Db) => (await contactsIndexUnlessLoading(on, await contactsVersion(on))) === undefined;
