import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is, Table } from 'drizzle-orm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.js';

/**
 * Raw SQL names its tables through the schema: sql`SELECT … FROM ${deliveries} d` rather than the name as text, so
 * a renamed table (or a typo) is a compile error instead of a statement failing at run time, and a search for the
 * table's export finds every statement that reads it. This reads the static text of every sql`` template in the
 * server's sources (no database) and fails where a schema table's name follows FROM, JOIN, UPDATE, INTO or DELETE
 * FROM. sql.raw(...) strings are not templates and are not checked.
 */

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const tableNames = (Object.values(schema) as unknown[])
  .filter((value): value is Table => is(value, Table))
  .map((table) => getTableName(table));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NAMED_AS_TEXT = new RegExp(
  `\\b(?:FROM|JOIN|UPDATE|INTO)\\s+"?(${[...tableNames].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|')})"?(?![\\w$])`,
  'gi',
);

const serverSources = (): string[] =>
  fs
    .readdirSync(SERVER_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .filter((file) => !file.split(path.sep).includes('test'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();

/** The static texts of the sql`` templates of one source, with the line each starts on. */
const sqlTemplateTexts = (file: string, source: string): { line: number; text: string }[] => {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const texts: { line: number; text: string }[] = [];
  const add = (literal: ts.Node & { text: string }) =>
    texts.push({ line: sourceFile.getLineAndCharacterOfPosition(literal.getStart(sourceFile)).line + 1, text: literal.text });
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      const template = node.template;
      if (ts.isNoSubstitutionTemplateLiteral(template)) add(template);
      else {
        add(template.head);
        for (const span of template.templateSpans) add(span.literal);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return texts;
};

/** Where a schema table is named as text: "file:line KEYWORD name". */
const tablesNamedAsText = (file: string): string[] => {
  const source = fs.readFileSync(path.join(SERVER_DIR, file), 'utf8');
  return sqlTemplateTexts(file, source).flatMap(({ line, text }) =>
    [...text.matchAll(NAMED_AS_TEXT)].map((match) => `${file}:${line + (text.slice(0, match.index).match(/\n/g)?.length ?? 0)} ${match[0].replace(/\s+/g, ' ')}`),
  );
};

describe('raw SQL names its tables through the schema', () => {
  it('knows the schema tables', () => {
    expect(tableNames).toContain('deliveries');
    expect(tableNames).toContain('press_releases');
  });

  it('finds a table named as text in a sql`` template and not in an interpolation', () => {
    const found = (source: string) =>
      sqlTemplateTexts('x.ts', source).flatMap(({ text }) => [...text.matchAll(NAMED_AS_TEXT)].map((match) => match[1]));
    expect(found('const q = sql`SELECT 1 FROM deliveries d JOIN "press_releases" pr ON pr.id = d.release_id`;')).toEqual(['deliveries', 'press_releases']);
    expect(found('const q = sql`UPDATE deliveries SET x = ${1} WHERE id IN (SELECT id FROM tracking_events)`;')).toEqual(['deliveries', 'tracking_events']);
    expect(found('const q = sql`delete from users WHERE id = 1`; const r = sql`INSERT INTO audit_log (a) VALUES (1)`;')).toEqual(['users', 'audit_log']);
    expect(found('const q = sql`SELECT 1 FROM ${deliveries} d JOIN deliveries_by_day x ON true FROM unnest(${ids})`;')).toEqual([]);
    expect(found("const q = sql.raw('SELECT 1 FROM deliveries'); const s = `FROM deliveries`;")).toEqual([]);
  });

  it('no server file names a schema table as text', () => {
    expect(serverSources().flatMap(tablesNamedAsText)).toEqual([]);
  });
});
