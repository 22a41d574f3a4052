import type { ReleaseId, UserId, WorkspaceId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leastRoleFor, roleCan, type WorkspaceAction, type WorkspaceRole } from '../../shared/workspaces.js';
import { pressReleases, userLists, workspaceMembers, workspaces } from '../db/schema.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * The authorization sweep of issue 27: every tenant route × every kind of caller, with the status each
 * must get, and no answer to someone outside workspace A naming A's releases, lists, workspace or ids.
 *
 * Callers: the five roles of A; the owner of another workspace B; a member removed from A whose session
 * is still open (A was their only workspace); nobody; the review editor (platform role `admin`, owner of a
 * workspace of their own); a super admin (likewise, and sees every release platform-wide).
 */
const ROLES = [
  'owner',
  'manager',
  'publisher',
  'writer',
  'viewer',
] as const satisfies readonly WorkspaceRole[];
const OUTSIDE = ['outsider', 'removed', 'anonymous', 'editor'] as const;
const ACTORS = [...ROLES, ...OUTSIDE, 'superAdmin'] as const;
type ActorName = (typeof ACTORS)[number];

const NAMES = {
  workspace: 'Zephyrine Quarries Holding',
  list: 'Zephyrine journalists shortlist',
  draft: 'Zephyrine draft about the northern quarry',
  sent: 'Zephyrine opens the southern quarry',
  awaiting: 'Zephyrine awaiting approval release',
};

type Seed = {
  workspaceId: WorkspaceId;
  ids: Record<ActorName, UserId | undefined>;
  targetMemberId: UserId;
  listId: string;
  contactId: number;
  draftId: ReleaseId;
  sentId: ReleaseId;
  awaitingId: ReleaseId;
  scheduledId: ReleaseId;
  attachmentId: string;
  invitationId: string;
};

let t: TestApp;
let seed: Seed;
let counter = 0;
const unique = (label: string) => `${label}-${++counter}`;

const as = (actor: ActorName) => (actor === 'anonymous' ? undefined : actor);
const call = (actor: ActorName, method: string, url: string, payload?: unknown) =>
  t.request({
    method: method as 'GET',
    url,
    as: as(actor),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A writer's release submitted for approval in A (202, awaiting_approval). */
async function submitAsWriter(title = unique('Zephyrine awaiting')) {
  const res = await call(
    'writer',
    'POST',
    '/api/send-press-release',
    releasePayload({ title, recipientLists: [seed.listId] }),
  );
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().pressRelease.status).toBe('awaiting_approval');
  return res.json().pressRelease.id as ReleaseId;
}

async function draftAsOwner(title = unique('Zephyrine throwaway draft')) {
  const res = await call(
    'owner',
    'POST',
    '/api/send-press-release',
    releasePayload({ action: 'save_draft', title, recipientLists: [seed.listId] }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pressRelease.id as ReleaseId;
}

async function scheduleAsOwner() {
  const scheduledAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const payload = releasePayload({
    action: 'schedule',
    scheduledAt,
    title: unique('Zephyrine scheduled'),
    recipientLists: [seed.listId],
  });
  const res = await call('owner', 'POST', '/api/send-press-release', payload);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().pressRelease.status).toBe('scheduled');
  return res.json().pressRelease.id as ReleaseId;
}

async function invitationOfA() {
  const res = await call('owner', 'POST', '/api/workspace/invitations', {
    email: `${unique('invited')}@zephyrine.test`,
    role: 'viewer',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function memberOfA(role: WorkspaceRole) {
  const user = await t.signInAs(unique('extra'), { memberOf: { workspaceId: seed.workspaceId, role } });
  return user.id;
}

beforeAll(async () => {
  t = await createTestApp({ REVIEW: 'off' });
  const owner = await t.signInAs('owner', {
    companyName: NAMES.workspace,
    userType: 'active',
    monthlyPressReleaseLimit: 100,
    trusted: true,
  });
  const workspaceId = owner.workspaceId;
  // A buys with its billing details given (a purchase asks for them first).
  const profile = await t.request({
    method: 'PUT',
    url: '/api/billing/profile',
    as: 'owner',
    payload: { legalName: NAMES.workspace, address: '1 Quarry Road, Cairo', country: 'Egypt' },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const ids = { owner: owner.id } as Record<ActorName, UserId | undefined>;
  for (const role of ROLES.slice(1))
    ids[role] = (await t.signInAs(role, { memberOf: { workspaceId, role } })).id;
  ids.outsider = (await t.signInAs('outsider', { companyName: 'Outsider Workspace B' })).id;
  ids.editor = (await t.signInAs('editor', { role: 'admin', companyName: 'Editor Own Workspace' })).id;
  ids.superAdmin = (
    await t.signInAs('superAdmin', { role: 'super_admin', userType: 'super_admin', companyName: 'Platform' })
  ).id;
  ids.removed = (await t.signInAs('removed', { memberOf: { workspaceId, role: 'publisher' } })).id;
  const removal = await call('owner', 'DELETE', `/api/workspace/members/${ids.removed}`);
  expect(removal.statusCode, removal.body).toBe(204);
  // Their session is still open: they are signed in, but belong to no workspace any more.
  expect((await call('removed', 'GET', '/api/auth/me')).statusCode).toBe(200);

  const { listId } = await createListWithContacts(t.db, workspaceId, 2);
  await t.db.update(userLists).set({ name: NAMES.list }).where(eq(userLists.id, listId));
  const contacts = await t.request({ method: 'GET', url: `/api/user-lists/${listId}/contacts`, as: 'owner' });
  const contactId = contacts.json().items[0].contact.id as number;
  // The member whose role and membership the member routes aim at (never one of the callers).
  const targetMemberId = (await t.signInAs('target', { memberOf: { workspaceId, role: 'viewer' } })).id;
  seed = {
    workspaceId,
    ids,
    targetMemberId,
    listId,
    contactId,
    draftId: '' as ReleaseId,
    sentId: '' as ReleaseId,
    awaitingId: '' as ReleaseId,
    scheduledId: '' as ReleaseId,
    attachmentId: '',
    invitationId: '',
  };

  seed.draftId = await draftAsOwner(NAMES.draft);
  const sent = await call(
    'owner',
    'POST',
    '/api/send-press-release',
    releasePayload({ title: NAMES.sent, recipientLists: [listId] }),
  );
  expect(sent.statusCode, sent.body).toBe(200);
  expect(['sending', 'sent']).toContain(sent.json().pressRelease.status);
  seed.sentId = sent.json().pressRelease.id;
  seed.attachmentId = sent.json().pressRelease.attachments[0].id;
  seed.scheduledId = await scheduleAsOwner();
  seed.awaitingId = await submitAsWriter(NAMES.awaiting);
  const invitation = await call('owner', 'POST', '/api/workspace/invitations', {
    email: 'pending-guest@zephyrine.test',
    role: 'viewer',
  });
  expect(invitation.statusCode, invitation.body).toBe(201);
  seed.invitationId = invitation.json().id;
}, 60_000);
afterAll(() => t?.close());

/**
 * One route. `scope` says where its target lives: `row` routes name one of A's rows in the URL (someone
 * outside A gets 404); `workspace` routes act on the caller's current workspace (someone outside A gets
 * an answer about their own workspace, which must not mention A).
 */
type Route = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (s: Seed) => string;
  payload?: (s: Seed) => unknown;
  need: WorkspaceAction;
  ok: number;
  /** The error code of an allowed caller's answer when `ok` is itself an error (access passed, the input did not). */
  okCode?: string;
  scope: 'row' | 'workspace';
  /**
   * For routes that change or use up their target: a fresh target for each allowed caller (its URL), so
   * denied callers all meet the seeded row and allowed ones never trip over each other.
   */
  fresh?: (actor: ActorName) => Promise<string>;
  /** Statuses that differ from the rule (explained where given). */
  except?: Partial<Record<ActorName, number>>;
};

const routes: Route[] = [
  // ---- releases
  {
    name: 'list releases',
    method: 'GET',
    url: () => '/api/press-releases',
    need: 'read',
    ok: 200,
    scope: 'workspace',
    except: { removed: 200 },
  },
  {
    name: 'get a release',
    method: 'GET',
    url: (s) => `/api/press-releases/${s.sentId}`,
    need: 'read',
    ok: 200,
    scope: 'row',
  },
  {
    name: 'release analytics',
    method: 'GET',
    url: (s) => `/api/press-releases/${s.sentId}/analytics`,
    need: 'read',
    ok: 200,
    scope: 'row',
  },
  {
    name: 'release recipients',
    method: 'GET',
    url: (s) => `/api/press-releases/${s.sentId}/recipients`,
    need: 'read',
    ok: 200,
    scope: 'row',
  },
  {
    name: 'release report',
    method: 'GET',
    url: (s) => `/api/press-releases/${s.sentId}/report.csv`,
    need: 'read',
    ok: 200,
    scope: 'row',
  },
  {
    name: 'draft preflight',
    method: 'GET',
    url: (s) => `/api/press-releases/${s.draftId}/preflight`,
    need: 'browse',
    ok: 200,
    scope: 'row',
  },
  {
    name: 'download an attachment',
    method: 'GET',
    url: (s) => `/api/press-releases/${s.sentId}/attachments/${s.attachmentId}`,
    need: 'read',
    ok: 200,
    scope: 'row',
  },
  {
    name: 'preflight of a saved draft',
    method: 'POST',
    url: () => '/api/press-releases/preflight',
    payload: (s) => ({
      existingPressReleaseId: s.draftId,
      recipientLists: [s.listId],
      content: '<p>Draft</p>',
    }),
    need: 'browse',
    ok: 200,
    scope: 'row',
  },
  {
    // Someone else's list is unknown in one's own workspace: 422 on the field, with no count of its contacts.
    name: 'preflight naming A’s list',
    method: 'POST',
    url: () => '/api/press-releases/preflight',
    payload: (s) => ({ recipientLists: [s.listId], content: '<p>New</p>' }),
    need: 'browse',
    ok: 200,
    scope: 'workspace',
    except: { outsider: 422, editor: 422, superAdmin: 422 },
  },
  {
    name: 'test send to oneself',
    method: 'POST',
    url: (s) => `/api/press-releases/${s.draftId}/test-send`,
    need: 'write',
    ok: 200,
    scope: 'row',
  },
  {
    name: 'cancel a scheduled release',
    method: 'POST',
    url: (s) => `/api/press-releases/${s.scheduledId}/cancel`,
    need: 'publish',
    ok: 200,
    scope: 'row',
    fresh: async () => `/api/press-releases/${await scheduleAsOwner()}/cancel`,
  },
  {
    name: 'release coverage',
    method: 'GET',
    url: (s) => `/api/press-releases/${s.sentId}/coverage`,
    need: 'read',
    ok: 200,
    scope: 'row',
  },
  // Access is decided before the body is read: an allowed caller's bad address is a 422, a denied one never gets that far.
  {
    name: 'add coverage',
    method: 'POST',
    url: (s) => `/api/press-releases/${s.sentId}/coverage`,
    payload: () => ({ url: 'not a url' }),
    need: 'write',
    ok: 422,
    okCode: 'VALIDATION_ERROR',
    scope: 'row',
  },
  {
    name: 'remove coverage',
    method: 'DELETE',
    url: (s) => `/api/press-releases/${s.sentId}/coverage/999999`,
    need: 'write',
    ok: 404,
    okCode: 'ARTICLE_NOT_IN_COVERAGE',
    scope: 'row',
  },
  {
    name: 'duplicate a release',
    method: 'POST',
    url: (s) => `/api/press-releases/${s.sentId}/duplicate`,
    need: 'write',
    ok: 201,
    scope: 'row',
  },
  {
    name: 'delete a draft',
    method: 'DELETE',
    url: (s) => `/api/press-releases/${s.draftId}`,
    need: 'write',
    ok: 200,
    scope: 'row',
    fresh: async () => `/api/press-releases/${await draftAsOwner()}`,
  },
  {
    name: 'save a draft',
    method: 'POST',
    url: () => '/api/send-press-release',
    payload: () => releasePayload({ action: 'save_draft', title: unique('Own draft') }),
    need: 'write',
    ok: 200,
    scope: 'workspace',
  },
  {
    name: 'approve',
    method: 'POST',
    url: (s) => `/api/press-releases/${s.awaitingId}/approve`,
    need: 'publish',
    ok: 200,
    scope: 'row',
    fresh: async () => `/api/press-releases/${await submitAsWriter()}/approve`,
  },
  {
    name: 'return',
    method: 'POST',
    url: (s) => `/api/press-releases/${s.awaitingId}/return`,
    payload: () => ({ comment: 'Shorter title, please' }),
    need: 'publish',
    ok: 200,
    scope: 'row',
    fresh: async () => `/api/press-releases/${await submitAsWriter()}/return`,
  },
  {
    // The author withdraws their own (the writer here); publishers and above anyone's.
    name: 'withdraw',
    method: 'POST',
    url: (s) => `/api/press-releases/${s.awaitingId}/withdraw`,
    need: 'write',
    ok: 200,
    scope: 'row',
    fresh: async () => `/api/press-releases/${await submitAsWriter()}/withdraw`,
  },

  // ---- lists (a workspace's lists are its own: super admins do not reach them by id either)
  { name: 'lists', method: 'GET', url: () => '/api/user-lists', need: 'browse', ok: 200, scope: 'workspace' },
  {
    name: 'create a list',
    method: 'POST',
    url: () => '/api/user-lists',
    payload: () => ({ name: unique('List') }),
    need: 'write',
    ok: 201,
    scope: 'workspace',
  },
  {
    name: 'rename a list',
    method: 'PATCH',
    url: (s) => `/api/user-lists/${s.listId}`,
    payload: () => ({ name: NAMES.list }),
    need: 'write',
    ok: 200,
    scope: 'row',
    except: { removed: 403, superAdmin: 404 },
  },
  {
    name: 'delete a list',
    method: 'DELETE',
    url: (s) => `/api/user-lists/${s.listId}`,
    need: 'write',
    ok: 200,
    scope: 'row',
    except: { removed: 403, superAdmin: 404 },
    fresh: async () => `/api/user-lists/${(await createListWithContacts(t.db, seed.workspaceId, 0)).listId}`,
  },
  {
    name: 'list contacts',
    method: 'GET',
    url: (s) => `/api/user-lists/${s.listId}/contacts`,
    need: 'browse',
    ok: 200,
    scope: 'row',
    except: { removed: 403, superAdmin: 404 },
  },
  {
    name: 'add contacts to a list',
    method: 'POST',
    url: (s) => `/api/user-lists/${s.listId}/contacts/bulk`,
    payload: (s) => ({ globalContactIds: [s.contactId] }),
    need: 'write',
    ok: 200,
    scope: 'row',
    except: { removed: 403, superAdmin: 404 },
  },
  {
    name: 'remove a contact from a list',
    method: 'DELETE',
    url: (s) => `/api/user-lists/${s.listId}/contacts/${s.contactId}`,
    need: 'write',
    ok: 200,
    scope: 'row',
    except: { removed: 403, superAdmin: 404 },
    fresh: async () => {
      const list = await createListWithContacts(t.db, seed.workspaceId, 1);
      const [entry] = (await call('owner', 'GET', `/api/user-lists/${list.listId}/contacts`)).json().items;
      return `/api/user-lists/${list.listId}/contacts/${entry.contact.id}`;
    },
  },
  {
    name: 'contacts of the lists',
    method: 'GET',
    url: () => '/api/contacts',
    need: 'browse',
    ok: 200,
    scope: 'workspace',
  },

  // ---- billing
  {
    name: 'subscription status',
    method: 'GET',
    url: () => '/api/subscription/status',
    need: 'browse',
    ok: 200,
    scope: 'workspace',
  },
  {
    name: 'purchase history',
    method: 'GET',
    url: () => '/api/subscription/history',
    need: 'billing',
    ok: 200,
    scope: 'workspace',
  },
  {
    name: 'buy a package',
    method: 'POST',
    url: () => '/api/subscription/create',
    payload: () => ({ planId: 'package_1' }),
    need: 'billing',
    ok: 200,
    scope: 'workspace',
    // Super admins have unlimited access and are told so (409). The outsider's and the editor's own
    // workspaces have no billing details yet: they are asked for them before paying (422).
    except: { superAdmin: 409, outsider: 422, editor: 422 },
  },

  // ---- campaigns, analytics, coverage: scoped queries (no workspace: an empty answer)
  {
    name: 'campaigns',
    method: 'GET',
    url: () => '/api/campaigns',
    need: 'read',
    ok: 200,
    scope: 'workspace',
    except: { removed: 200 },
  },
  {
    name: 'campaign activity',
    method: 'GET',
    url: () => '/api/campaigns/activity',
    need: 'read',
    ok: 200,
    scope: 'workspace',
    except: { removed: 200 },
  },
  {
    name: 'campaign contacts',
    method: 'GET',
    url: (s) => `/api/campaigns/${s.sentId}/contacts`,
    need: 'read',
    ok: 200,
    scope: 'row',
  },
  {
    name: 'analytics dashboard',
    method: 'GET',
    url: () => '/api/analytics/dashboard',
    need: 'read',
    ok: 200,
    scope: 'workspace',
    except: { removed: 200 },
  },
  {
    name: 'recent coverage',
    method: 'GET',
    url: () => '/api/coverage/recent',
    need: 'read',
    ok: 200,
    scope: 'workspace',
    except: { removed: 200 },
  },

  // ---- newsroom settings
  {
    name: 'newsroom settings',
    method: 'GET',
    url: () => '/api/newsroom/settings',
    need: 'browse',
    ok: 200,
    scope: 'workspace',
  },
  {
    name: 'change newsroom settings',
    method: 'PATCH',
    url: () => '/api/newsroom/settings',
    payload: () => ({ enabled: true }),
    need: 'manage',
    ok: 200,
    scope: 'workspace',
  },

  // ---- the workspace, its members, invitations and activity
  {
    name: 'workspaces of the caller',
    method: 'GET',
    url: () => '/api/workspaces',
    need: 'read',
    ok: 200,
    scope: 'workspace',
    except: { removed: 200 },
  },
  {
    name: 'current workspace',
    method: 'GET',
    url: () => '/api/workspace',
    need: 'read',
    ok: 200,
    scope: 'workspace',
  },
  {
    name: 'workspace settings',
    method: 'PATCH',
    url: () => '/api/workspace',
    payload: () => ({ requireSecondApproval: false }),
    need: 'manage',
    ok: 200,
    scope: 'workspace',
  },
  {
    name: 'workspace activity',
    method: 'GET',
    url: () => '/api/workspace/activity',
    need: 'manage',
    ok: 200,
    scope: 'workspace',
  },
  {
    name: 'members',
    method: 'GET',
    url: () => '/api/workspace/members',
    need: 'browse',
    ok: 200,
    scope: 'workspace',
  },
  {
    name: 'change a member’s role',
    method: 'PATCH',
    url: (s) => `/api/workspace/members/${s.targetMemberId}`,
    payload: () => ({ role: 'viewer' }),
    need: 'manage',
    ok: 200,
    scope: 'row',
    except: { removed: 403, superAdmin: 404 },
  },
  {
    name: 'remove a member',
    method: 'DELETE',
    url: (s) => `/api/workspace/members/${s.targetMemberId}`,
    need: 'manage',
    ok: 204,
    scope: 'row',
    except: { removed: 403, superAdmin: 404 },
    fresh: async () => `/api/workspace/members/${await memberOfA('viewer')}`,
  },
  {
    name: 'pending invitations',
    method: 'GET',
    url: () => '/api/workspace/invitations',
    need: 'manage',
    ok: 200,
    scope: 'workspace',
  },
  {
    name: 'invite',
    method: 'POST',
    url: () => '/api/workspace/invitations',
    payload: () => ({ email: `${unique('guest')}@zephyrine.test`, role: 'writer' }),
    need: 'manage',
    ok: 201,
    scope: 'workspace',
  },
  {
    name: 'revoke an invitation',
    method: 'DELETE',
    url: (s) => `/api/workspace/invitations/${s.invitationId}`,
    need: 'manage',
    ok: 204,
    scope: 'row',
    except: { removed: 403, superAdmin: 404 },
    fresh: async () => `/api/workspace/invitations/${await invitationOfA()}`,
  },
  {
    name: 'resend an invitation',
    method: 'POST',
    url: (s) => `/api/workspace/invitations/${s.invitationId}/resend`,
    need: 'manage',
    ok: 201,
    scope: 'row',
    except: { removed: 403, superAdmin: 404 },
    fresh: async () => `/api/workspace/invitations/${await invitationOfA()}/resend`,
  },
];

/** The status the rule book gives `actor` on `route`. */
function expectedStatus(route: Route, actor: ActorName): number {
  const stated = route.except?.[actor];
  if (stated !== undefined) return stated;
  if (actor === 'anonymous') return 401;
  if (actor === 'superAdmin') return route.ok;
  if ((ROLES as readonly string[]).includes(actor))
    return roleCan(actor as WorkspaceRole, route.need) ? route.ok : 403;
  // Outside A: A's rows do not exist for them; their own workspace answers as to its owner.
  if (route.scope === 'row') return 404;
  return actor === 'removed' ? 403 : route.ok;
}

/** Everything that would tell an outsider about A: its names and ids. */
function secretsOfA(): string[] {
  return [
    ...Object.values(NAMES),
    seed.workspaceId,
    seed.listId,
    seed.draftId,
    seed.sentId,
    seed.awaitingId,
    seed.scheduledId,
    seed.attachmentId,
    seed.invitationId,
    seed.targetMemberId,
    'pending-guest@zephyrine.test',
    ...ROLES.map((role) => seed.ids[role]!),
  ];
}

const leaksIn = (body: string) => secretsOfA().filter((secret) => body.includes(secret));

/** Strips the URL's own ids from a 404 body before looking for leaks: echoing the asked id tells nothing. */
const bodyWithoutUrl = (body: string, url: string) =>
  url.split('/').reduce((text, part) => (part.length > 8 ? text.split(part).join('') : text), body);

describe.each(routes)('$method $name', (route) => {
  it.each(ACTORS.map((actor) => [actor, expectedStatus(route, actor)] as const))(
    '%s → %i',
    async (actor, status) => {
      const allowed = status >= 200 && status < 300;
      const url = allowed && route.fresh ? await route.fresh(actor) : route.url(seed);
      const res = await call(actor, route.method, url, route.payload?.(seed));
      expect(res.statusCode, `${actor} ${route.method} ${url}: ${res.body}`).toBe(status);
      const allowedByRole =
        actor === 'superAdmin' ||
        ((ROLES as readonly string[]).includes(actor) && roleCan(actor as WorkspaceRole, route.need));
      if (route.okCode && allowedByRole) expect(res.json().code).toBe(route.okCode);
      if (route.okCode && !allowedByRole) expect(res.json().code).not.toBe(route.okCode);
      if (status === 403 && (ROLES as readonly string[]).includes(actor)) {
        expect(res.json().code).toBe('ROLE_REQUIRED');
        expect(res.json().message).toContain(leastRoleFor(route.need));
      }
      if (status === 403 && actor === 'removed') expect(res.json().code).toBe('NO_WORKSPACE');
      if (status === 401) expect(res.json().code).toBe('UNAUTHORIZED');
      if ((OUTSIDE as readonly string[]).includes(actor))
        expect(leaksIn(bodyWithoutUrl(res.body, url))).toEqual([]);
    },
  );
});

describe('the leak check', () => {
  it('finds A’s names and ids where they belong: in answers to A’s own members', async () => {
    const release = await call('viewer', 'GET', `/api/press-releases/${seed.sentId}`);
    expect(leaksIn(release.body)).toEqual(
      expect.arrayContaining([NAMES.sent, seed.sentId, seed.workspaceId]),
    );
    const drafts = await call('viewer', 'GET', '/api/press-releases?search=Zephyrine%20draft');
    expect(leaksIn(drafts.body)).toEqual(expect.arrayContaining([NAMES.draft, seed.draftId]));
    const lists = await call('viewer', 'GET', '/api/user-lists');
    expect(leaksIn(lists.body)).toEqual(expect.arrayContaining([NAMES.list, seed.listId]));
    const workspace = await call('viewer', 'GET', '/api/workspace');
    expect(leaksIn(workspace.body)).toEqual(expect.arrayContaining([NAMES.workspace, seed.workspaceId]));
  });
});

describe('denied requests change nothing', () => {
  it('the seeded rows are all still there, unchanged', async () => {
    const [draft] = await t.db.select().from(pressReleases).where(eq(pressReleases.id, seed.draftId));
    expect(draft.status).toBe('draft');
    const [awaiting] = await t.db.select().from(pressReleases).where(eq(pressReleases.id, seed.awaitingId));
    expect(awaiting.status).toBe('awaiting_approval');
    const [scheduled] = await t.db.select().from(pressReleases).where(eq(pressReleases.id, seed.scheduledId));
    expect(scheduled.status).toBe('scheduled');
    const [list] = await t.db.select().from(userLists).where(eq(userLists.id, seed.listId));
    expect(list.name).toBe(NAMES.list);
    for (const userId of [seed.targetMemberId, seed.ids.viewer!]) {
      const memberships = await t.db
        .select()
        .from(workspaceMembers)
        .where(eq(workspaceMembers.userId, userId));
      expect(memberships.map((m) => [m.workspaceId, m.role])).toEqual([[seed.workspaceId, 'viewer']]);
    }
    const invitations = await call('owner', 'GET', '/api/workspace/invitations');
    expect(invitations.json().map((i: { id: string }) => i.id)).toContain(seed.invitationId);
    const [workspace] = await t.db.select().from(workspaces).where(eq(workspaces.id, seed.workspaceId));
    expect(workspace.name).toBe(NAMES.workspace);
  });

  it('an outsider cannot send to A’s list, and sees nothing of it in the refusal', async () => {
    const res = await call(
      'outsider',
      'POST',
      '/api/send-press-release',
      releasePayload({ title: unique('Outsider send'), recipientLists: [seed.listId] }),
    );
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(leaksIn(res.body)).toEqual([]);
  });

  it('a viewer cannot save or send; a writer’s send waits for approval and spends nothing', async () => {
    const viewer = await call(
      'viewer',
      'POST',
      '/api/send-press-release',
      releasePayload({ recipientLists: [seed.listId] }),
    );
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().code).toBe('ROLE_REQUIRED');
    const [before] = await t.db.select().from(workspaces).where(eq(workspaces.id, seed.workspaceId));
    await submitAsWriter();
    const [after] = await t.db.select().from(workspaces).where(eq(workspaces.id, seed.workspaceId));
    expect(after.pressReleasesUsedThisMonth).toBe(before.pressReleasesUsedThisMonth);
  });
});
