import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspaceRoles } from '../../shared/workspaces';

/**
 * The client never decides who may do what: it reads the session's `platformActions`, the workspace's
 * `actions`, `givableRoles` and `sendsForApproval`, and each member's `changeable` (src/server/access).
 * A role name compared in the client would be a second copy of the rule book.
 */
const ROLE_NAMES = [...workspaceRoles, 'super_admin', 'admin', 'user'];
const comparison = new RegExp(`(===|!==)\\s*'(${ROLE_NAMES.join('|')})'|'(${ROLE_NAMES.join('|')})'\\s*(===|!==)`);

const clientFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));

describe('the client and roles', () => {
  it('compares no role name: what a person may do comes from the server', () => {
    const found = clientFiles('src/client').flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ file, line: i + 1, text: line.trim() }))
        .filter(({ text }) => comparison.test(text) && !/\brole=\{?['"]/.test(text)),
    );
    expect(found).toEqual([]);
  });

  it("branches on no answer's role flag (isSuperAdmin): the session's platformActions say what it allows", () => {
    const found = clientFiles('src/client').flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ file, line: i + 1, text: line.trim() }))
        .filter(({ text }) => /\bisSuperAdmin\b|userType\s*[!=]==\s*'super_admin'/.test(text)),
    );
    expect(found).toEqual([]);
  });
});
