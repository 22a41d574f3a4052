import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { roles } from '../../shared/auth.js';
import { workspaceRoles } from '../../shared/workspaces.js';

/**
 * The rule book answers every question of who may do what (decision 021): a role name compared anywhere but
 * src/server/access/ is a second copy of a rule, free to drift from the first. The server's services ask the
 * access module (its predicates, SQL fragments and role lists); the client reads what the server says a
 * person may do. This reads the sources' syntax, not their text, so a role's name in a translation key, a
 * zod enum or a row being inserted is no comparison.
 */
const ROLE_NAMES = new Set<string>([...workspaceRoles, ...roles]);
/** 'user' is a plain word as much as a role: it counts only where the other side names a role. */
const WORD_TOO = new Set(['user']);
/** Values that share a name with a role without being one: a rate limit's scope, who decides an approval. */
const NOT_A_ROLE = /^(scope|decider)$/;
const ROLE_COLUMN = /role/i;

export type Finding = { line: number; text: string };

const lastName = (node: ts.Node, file: ts.SourceFile): string => {
  const text = node.getText(file);
  return /([A-Za-z_$][\w$]*)\W*$/.exec(text)?.[1] ?? text;
};

const roleLiteral = (node: ts.Node): string | undefined =>
  (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && ROLE_NAMES.has(node.text) ? node.text : undefined;

/** Whether comparing `other` with the role name `role` is a role comparison. */
function comparesRole(other: ts.Node, role: string, file: ts.SourceFile): boolean {
  const name = lastName(other, file);
  if (NOT_A_ROLE.test(name)) return false;
  return !WORD_TOO.has(role) || ROLE_COLUMN.test(other.getText(file));
}

/** Role names in an array literal (or `new Set([...])`), or in the array a same-file constant holds. */
function roleListOf(node: ts.Node, lists: Map<string, string[]>): string[] {
  let expression = node;
  while (ts.isAsExpression(expression) || ts.isParenthesizedExpression(expression) || ts.isSatisfiesExpression(expression))
    expression = expression.expression;
  if (ts.isNewExpression(expression) && expression.arguments?.length) return roleListOf(expression.arguments[0], lists);
  if (ts.isIdentifier(expression)) return lists.get(expression.text) ?? [];
  if (!ts.isArrayLiteralExpression(expression)) return [];
  const listed = expression.elements.map(roleLiteral);
  // A list that also holds other words (reserved newsroom addresses, say) is not a list of roles.
  return listed.length && listed.every((role) => role !== undefined) ? (listed as string[]) : [];
}

/**
 * SQL written as text: `= 'owner'`, `<> 'admin'`, `in ('owner', …)`. Interpolations keep their source text
 * (`${workspaceMembers.role}`), so the column compared stays readable to the 'user' rule.
 */
const QUOTED_ROLE = new RegExp(`'(${[...ROLE_NAMES].join('|')})'`);
const SQL_EQUALITY = new RegExp(`([\\w.$\\{\\}"]*)\\s*(?:=|<>|!=)\\s*'(${[...ROLE_NAMES].join('|')})'`, 'gi');

function sqlComparisons(text: string): string[] {
  if (!QUOTED_ROLE.test(text)) return [];
  const found: string[] = [];
  for (const match of text.matchAll(SQL_EQUALITY))
    if (!WORD_TOO.has(match[2]) || ROLE_COLUMN.test(match[1])) found.push(match[0]);
  const list = /([\w.$"{}]*)\s+(?:not\s+)?in\s*\(([^()]*)\)/gi;
  for (const match of text.matchAll(list)) {
    const listed = [...match[2].matchAll(/'([^']*)'/g)].map((m) => m[1]).filter((name) => ROLE_NAMES.has(name));
    if (listed.some((name) => !WORD_TOO.has(name) || ROLE_COLUMN.test(match[1]))) found.push(match[0]);
  }
  return found;
}

function templateText(node: ts.TemplateLiteral, file: ts.SourceFile): string {
  if (ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return node.head.text + node.templateSpans.map((span) => `\${${span.expression.getText(file)}}${span.literal.text}`).join('');
}

const COLUMN_CALLS = new Set(['eq', 'ne', 'inArray', 'notInArray']);
const MEMBERSHIP_CALLS = new Set(['includes', 'has', 'indexOf']);
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** Every comparison of a role name in one source file's text. */
export function roleComparisons(source: string, fileName = 'source.ts'): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lists = new Map<string, string[]>();
  const findings: Finding[] = [];
  /** `at`: the text within the node where the comparison is, for a template over many lines. */
  const flag = (node: ts.Node, at?: string) => {
    const offset = at ? Math.max(node.getText(file).indexOf(at), 0) : 0;
    const line = file.getLineAndCharacterOfPosition(node.getStart(file) + offset).line;
    if (!findings.some((found) => found.line === line + 1)) findings.push({ line: line + 1, text: source.split('\n')[line].trim() });
  };

  const collectLists = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const listed = roleListOf(node.initializer, new Map());
      if (listed.length) lists.set(node.name.text, listed);
    }
    ts.forEachChild(node, collectLists);
  };

  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      const left = roleLiteral(node.left);
      const right = roleLiteral(node.right);
      if ((right && comparesRole(node.left, right, file)) || (left && comparesRole(node.right, left, file))) flag(node);
    } else if (ts.isCaseClause(node)) {
      const role = roleLiteral(node.expression);
      const subject = node.parent.parent.expression;
      if (role && comparesRole(subject, role, file)) flag(node);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const calleeName = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
      if (COLUMN_CALLS.has(calleeName) && ts.isIdentifier(callee) && node.arguments.length === 2) {
        const [column, value] = node.arguments;
        const compared = roleLiteral(value) ? [roleLiteral(value)!] : roleListOf(value, lists);
        if (compared.length && ROLE_COLUMN.test(column.getText(file))) flag(node);
      } else if (MEMBERSHIP_CALLS.has(calleeName) && ts.isPropertyAccessExpression(callee) && node.arguments.length) {
        const listed = roleListOf(callee.expression, lists);
        if (listed.some((role) => comparesRole(node.arguments[0], role, file))) flag(node);
      }
    } else if (ts.isTemplateLiteral(node) || ts.isStringLiteral(node)) {
      const text = ts.isStringLiteral(node) ? node.text : templateText(node, file);
      for (const comparison of sqlComparisons(text)) flag(node, comparison.split('\n').at(-1));
    }
    ts.forEachChild(node, visit);
  };

  collectLists(file);
  visit(file);
  return findings;
}

const sourcesUnder = (dir: string, skip: (relative: string) => boolean): string[] =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !skip(f))
    .map((f) => path.join(dir, f));

const findingsIn = (files: string[]): string[] =>
  files.flatMap((file) => roleComparisons(fs.readFileSync(file, 'utf8'), file).map(({ line, text }) => `${file}:${line}  ${text}`));

describe('role names are compared in the rule book only', () => {
  it('the server compares no role outside src/server/access/', () => {
    const files = sourcesUnder('src/server', (f) => f.startsWith(`access${path.sep}`));
    expect(findingsIn(files)).toEqual([]);
  });

  it('the client compares no role: what a person may do comes from the server', () => {
    expect(findingsIn(sourcesUnder('src/client', () => false))).toEqual([]);
  });
});

describe('what counts as comparing a role', () => {
  const lines = (source: string) => roleComparisons(source).map((f) => f.line);

  it.each([
    ["if (actor.workspace?.role === 'owner') go();"],
    ["const editor = 'super_admin' !== user.role;"],
    ["switch (member.role) { case 'client': break; }"],
    ["db.select().from(users).where(eq(users.role, 'super_admin'));"],
    ["where(inArray(users.role, ['admin', 'super_admin']));"],
    ["const EDITORS = ['admin', 'super_admin'] as const;\nEDITORS.includes(user.role);"],
    ["new Set(['owner', 'manager']).has(role);"],
    ["sql`${workspaceMembers.role} = 'owner'`;"],
    ["sql`select 1 from workspace_members m where m.role = 'owner' and u.role = 'super_admin'`;"],
    ["sql`${workspaceMembers.role} in ('owner', 'manager', 'publisher')`;"],
    ["if (row.role === 'user') return;"],
  ])('finds %s', (source) => {
    expect(lines(source).length).toBeGreaterThan(0);
  });

  it.each([
    ["switch (scope) { case 'client': return ip; }"],
    ["const spends = subject.decider === 'client' ? 0 : 1;"],
    ["const role = z.enum(['owner', 'manager', 'publisher', 'writer', 'viewer', 'client']);"],
    ["t('roles.owner'); t(`roles.${role}`);"],
    ["await db.insert(workspaceMembers).values({ workspaceId, userId, role: 'owner' });"],
    ["export function uniqueEmail(label = 'user') { return label; }"],
    ["if (kind === 'user') return;"],
    ["// a comment that says role === 'owner' is no code"],
    ["const owner = members.find((m) => m.userId === ownerId);"],
  ])('leaves %s alone', (source) => {
    expect(lines(source)).toEqual([]);
  });
});
