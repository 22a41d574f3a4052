import { describe, expect, it } from 'vitest';
import {
  ROLE_ACTIONS,
  isBrandLimited,
  leastRoleFor,
  roleCan,
  workspaceActions,
  workspaceRoles,
  type WorkspaceAction,
  type WorkspaceRole,
} from '../../shared/workspaces.js';
import { approverRoles } from './roles.js';

/**
 * The whole role × action matrix of issue 27, written out by hand: a change to ROLE_ACTIONS that moves
 * one cell fails here and has to be made on purpose in both places.
 */
const Y = true;
const N = false;
const MATRIX: Record<WorkspaceRole, Record<WorkspaceAction, boolean>> = {
  owner: { read: Y, browse: Y, write: Y, publish: Y, billing: Y, manage: Y, own: Y, clientApprove: N },
  manager: { read: Y, browse: Y, write: Y, publish: Y, billing: Y, manage: Y, own: N, clientApprove: N },
  publisher: { read: Y, browse: Y, write: Y, publish: Y, billing: N, manage: N, own: N, clientApprove: N },
  writer: { read: Y, browse: Y, write: Y, publish: N, billing: N, manage: N, own: N, clientApprove: N },
  viewer: { read: Y, browse: Y, write: N, publish: N, billing: N, manage: N, own: N, clientApprove: N },
  // Issue 28: a client reads (its brands' releases only, by the access module's scopes) and approves.
  client: { read: Y, browse: N, write: N, publish: N, billing: N, manage: N, own: N, clientApprove: Y },
};

/** The least role named in a refusal ("needs the publisher role"). */
const LEAST_ROLE: Record<WorkspaceAction, WorkspaceRole> = {
  read: 'viewer',
  browse: 'viewer',
  write: 'writer',
  publish: 'publisher',
  billing: 'manager',
  manage: 'manager',
  own: 'owner',
  clientApprove: 'client',
};

describe('the role × action matrix (issue 27)', () => {
  it('names exactly the five team roles and the client, and the eight actions', () => {
    expect([...workspaceRoles]).toEqual(['owner', 'manager', 'publisher', 'writer', 'viewer', 'client']);
    expect([...workspaceActions]).toEqual([
      'read',
      'browse',
      'write',
      'publish',
      'billing',
      'manage',
      'own',
      'clientApprove',
    ]);
    expect(Object.keys(MATRIX)).toEqual([...workspaceRoles]);
  });

  const cells = workspaceRoles.flatMap((role) =>
    workspaceActions.map((action) => [role, action, MATRIX[role][action]] as const),
  );
  it.each(cells)('%s may %s: %s', (role, action, allowed) => {
    expect(roleCan(role, action)).toBe(allowed);
    expect(ROLE_ACTIONS[role].includes(action)).toBe(allowed);
  });

  it('ROLE_ACTIONS lists each role’s actions exactly as the table, in the order of workspaceActions', () => {
    for (const role of workspaceRoles) {
      expect(ROLE_ACTIONS[role]).toEqual(workspaceActions.filter((action) => MATRIX[role][action]));
    }
  });

  it('every team role holds the actions of the team roles after it; the client stands apart', () => {
    const team = workspaceRoles.filter((role) => role !== 'client');
    for (let i = 0; i + 1 < team.length; i++) {
      const higher = ROLE_ACTIONS[team[i]];
      for (const action of ROLE_ACTIONS[team[i + 1]]) expect(higher).toContain(action);
    }
    expect(isBrandLimited('client')).toBe(true);
    expect(team.some(isBrandLimited)).toBe(false);
  });

  it.each(workspaceActions.map((action) => [action, LEAST_ROLE[action]] as const))(
    'the least role for %s is %s',
    (action, role) => {
      expect(leastRoleFor(action)).toBe(role);
    },
  );

  it('no role, or an unknown one, may do anything', () => {
    for (const action of workspaceActions) {
      expect(roleCan(null, action)).toBe(false);
      expect(roleCan(undefined, action)).toBe(false);
    }
  });

  it('approvers are the roles that may publish', () => {
    expect([...approverRoles]).toEqual(['owner', 'manager', 'publisher']);
  });
});
