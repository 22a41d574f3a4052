import type { FastifyInstance } from 'fastify';
import {
  activityQuerySchema,
  deleteWorkspaceSchema,
  invitationSchema,
  memberRoleSchema,
  newWorkspaceSchema,
  switchWorkspaceSchema,
  workspaceSettingsSchema,
} from '../../shared/workspaces.js';
import { parseInput, parseUuidParam } from '../http/errors.js';
import { requireUser } from '../access/access.js';
import {
  changeMemberRole,
  createOwnWorkspace,
  deleteWorkspace,
  currentWorkspace,
  listActivity,
  listMembers,
  listWorkspaces,
  removeMember,
  switchWorkspace,
  updateWorkspace,
} from './workspaces.service.js';
import {
  acceptInvitation,
  invite,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  viewInvitation,
} from './invitations.service.js';
import type { UserId } from '../../shared/ids.js';

type Params = { id: string };

/** Registered at /api: workspaces, their members and invitations. */
export async function workspacesRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  // Read at each request: the configuration may be replaced after the routes are registered (tests do).
  const deps = () => {
    const { config } = app.deps;
    return {
      db,
      mailer: app.deps.mailer,
      now: app.deps.now,
      publicUrl: config.publicUrl,
      review: config.review,
      log: app.log,
    };
  };

  app.get('/workspaces', async (request) => listWorkspaces(db, requireUser(request)));
  app.put('/workspaces/current', async (request) => {
    const { workspaceId } = parseInput(switchWorkspaceSchema, request.body);
    return { workspace: await switchWorkspace(db, requireUser(request), workspaceId, request.sessionHash) };
  });

  app.post('/workspaces', async (request, reply) => {
    const { name } = parseInput(newWorkspaceSchema, request.body);
    const workspace = await createOwnWorkspace(db, requireUser(request), name, request.ip, app.deps.now(), request.sessionHash);
    return reply.status(201).send({ workspace });
  });

  app.get('/workspace', async (request) => currentWorkspace(requireUser(request)));
  // A POST with the typed name: a confirmation travels in the body, which DELETE requests do not reliably carry.
  app.post('/workspace/delete', async (request, reply) => {
    const { name } = parseInput(deleteWorkspaceSchema, request.body);
    await deleteWorkspace(db, requireUser(request), name);
    return reply.status(204).send();
  });
  app.patch('/workspace', async (request) =>
    updateWorkspace(db, requireUser(request), parseInput(workspaceSettingsSchema, request.body), request.sessionHash),
  );
  app.get('/workspace/activity', async (request) =>
    listActivity(db, requireUser(request), parseInput(activityQuerySchema, request.query)),
  );

  app.get('/workspace/members', async (request) => listMembers(db, requireUser(request)));
  app.patch<{ Params: { userId: string } }>('/workspace/members/:userId', async (request) => {
    const { role, brandIds } = parseInput(memberRoleSchema, request.body);
    return changeMemberRole(db, requireUser(request), parseUuidParam<UserId>(request.params.userId), role, brandIds);
  });
  app.delete<{ Params: { userId: string } }>('/workspace/members/:userId', async (request, reply) => {
    await removeMember(db, requireUser(request), parseUuidParam<UserId>(request.params.userId));
    return reply.status(204).send();
  });
  app.post('/workspace/leave', async (request, reply) => {
    const actor = requireUser(request);
    await removeMember(db, actor, actor.id);
    return reply.status(204).send();
  });

  app.get('/workspace/invitations', async (request) =>
    listInvitations(db, requireUser(request), app.deps.now()),
  );
  app.post('/workspace/invitations', async (request, reply) => {
    const actor = requireUser(request);
    const input = parseInput(invitationSchema, request.body);
    // The same answer whether or not a mail went out (invitations.service.ts).
    return reply.status(201).send(await invite(deps(), actor, input, request.ip));
  });
  app.delete<{ Params: Params }>('/workspace/invitations/:id', async (request, reply) => {
    await revokeInvitation(deps(), requireUser(request), parseUuidParam(request.params.id));
    return reply.status(204).send();
  });
  app.post<{ Params: Params }>('/workspace/invitations/:id/resend', async (request, reply) => {
    const invitation = await resendInvitation(
      deps(),
      requireUser(request),
      parseUuidParam(request.params.id),
      request.ip,
    );
    return reply.status(201).send(invitation);
  });

  // The invited person's side: the page reads the invitation before anyone signs in.
  app.get<{ Params: { token: string } }>('/invitations/:token', async (request) =>
    viewInvitation(db, request.params.token, app.deps.now()),
  );
  app.post<{ Params: { token: string } }>('/invitations/:token/accept', async (request) => {
    const actor = requireUser(request);
    await acceptInvitation(db, actor, request.params.token, app.deps.now(), request.sessionHash);
    return listWorkspaces(db, { ...actor, workspace: null });
  });
}
