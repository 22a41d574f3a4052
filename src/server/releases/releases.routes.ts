import type { ReleaseId } from '../../shared/ids.js';
import type { FastifyInstance } from 'fastify';
import {
  listReleasesQuerySchema,
  preflightInputSchema,
  preflightQuerySchema,
  sendPressReleaseSchema,
  type ReleaseSender,
} from '../../shared/releases.js';
import { senderQuerySchema } from '../../shared/brands.js';
import { releaseSenderOf } from './release-sender.js';
import { parseInput, parseUuidParam } from '../http/errors.js';
import { createRequestLimiter } from '../http/request-limit.js';
import { BODY_LIMIT } from '../http/server-limits.js';
import { requireUser } from '../access/access.js';
import {
  cancelScheduled,
  deleteDraft,
  duplicateRelease,
  getAttachmentFile,
  getRelease,
  listReleases,
  saveRelease,
  withdrawFromReview,
} from './releases.service.js';
import { alertEditors } from './review-alerts.js';
import { approveRelease, returnRelease, tellApprovers } from './workspace-approval.js';
import { clientApproveRelease, clientReturnRelease, tellClients } from './client-approval.js';
import { returnReleaseSchema } from '../../shared/workspaces.js';
import { preflightOfPayload, preflightOfRelease } from './preflight.service.js';
import { sendTestToSelf } from './test-send.service.js';

/**
 * Per user: a person saves a draft every few seconds at most and duplicates now and then; a loop doing
 * either at speed writes rows (and once wrote file copies) for nothing.
 */
const DRAFT_SAVES_PER_MINUTE = 30;
const DUPLICATES_PER_MINUTE = 20;
/** A test goes to the user's own inbox; ten an hour is plenty to check a release and not a way to send mail. */
const TEST_SENDS_PER_HOUR = 10;

/** Registered at /api: POST /send-press-release and /press-releases/*. */
export async function releasesRoutes(app: FastifyInstance): Promise<void> {
  const ctx = {
    db: app.deps.db,
    now: app.deps.now,
    publicUrl: app.deps.config.publicUrl,
    review: app.deps.config.review,
  };
  const draftSaves = createRequestLimiter(DRAFT_SAVES_PER_MINUTE, 60_000);
  const duplicates = createRequestLimiter(DUPLICATES_PER_MINUTE, 60_000);
  const testSends = createRequestLimiter(TEST_SENDS_PER_HOUR, 3_600_000);
  const reviewDeps = { ...ctx, mailer: app.deps.mailer, log: app.log };

  app.post('/send-press-release', { bodyLimit: BODY_LIMIT.attachments }, async (request, reply) => {
    const actor = requireUser(request);
    const input = parseInput(sendPressReleaseSchema, request.body);
    if (input.action === 'save_draft') draftSaves.take(actor.id);
    const pressRelease = await saveRelease(ctx, actor, input);
    if (pressRelease.status === 'in_review')
      void alertEditors(reviewDeps).catch((err: unknown) =>
        request.log.error({ err }, 'review alert failed'),
      );
    // Submitted for the workspace's approval: accepted, not sent (202), and its approvers hear of it.
    if (pressRelease.status === 'awaiting_approval' && input.action !== 'save_draft') {
      tellApprovers({ ...reviewDeps, publicUrl: app.deps.config.publicUrl }, actor, pressRelease);
      reply.status(202);
    }
    // Waiting for the brand's client: accepted, not sent (202), and the brand's clients hear of it.
    if (pressRelease.status === 'awaiting_client_approval' && input.action !== 'save_draft') {
      tellClients(reviewDeps, actor, pressRelease);
      reply.status(202);
    }
    return { pressRelease };
  });

  app.get('/press-releases', async (request) => {
    const actor = requireUser(request);
    return listReleases(ctx, actor, parseInput(listReleasesQuerySchema, request.query));
  });

  // A static path: it wins over /press-releases/:id in the router. The From of a release for `brandId`
  // (default: the first brand the actor sees; a client seat's own), as journalists will see it.
  app.get('/press-releases/sender', async (request): Promise<ReleaseSender> => {
    const actor = requireUser(request);
    const { brandId } = parseInput(senderQuerySchema, request.query);
    const { db, config } = app.deps;
    return releaseSenderOf({ db, mailFrom: config.mailFrom, publicUrl: config.publicUrl }, actor, brandId);
  });

  app.post('/press-releases/preflight', async (request) => {
    const actor = requireUser(request);
    return preflightOfPayload(ctx, actor, parseInput(preflightInputSchema, request.body));
  });

  app.get<{ Params: { id: string } }>('/press-releases/:id/preflight', async (request) => {
    const actor = requireUser(request);
    const id = parseUuidParam<ReleaseId>(request.params.id);
    return preflightOfRelease(ctx, actor, id, parseInput(preflightQuerySchema, request.query));
  });

  app.post<{ Params: { id: string } }>('/press-releases/:id/test-send', async (request) => {
    const actor = requireUser(request);
    const id = parseUuidParam<ReleaseId>(request.params.id);
    testSends.take(actor.id);
    return sendTestToSelf({ ...ctx, mailer: app.deps.mailer, mailFrom: app.deps.config.mailFrom }, actor, id);
  });

  app.get<{ Params: { id: string } }>('/press-releases/:id', async (request) => {
    const actor = requireUser(request);
    return getRelease(ctx, actor, parseUuidParam<ReleaseId>(request.params.id));
  });

  app.delete<{ Params: { id: string } }>('/press-releases/:id', async (request) => {
    const actor = requireUser(request);
    await deleteDraft(ctx, actor, parseUuidParam<ReleaseId>(request.params.id));
    return { ok: true };
  });

  app.post<{ Params: { id: string } }>('/press-releases/:id/duplicate', async (request, reply) => {
    const actor = requireUser(request);
    duplicates.take(actor.id);
    const pressRelease = await duplicateRelease(ctx, actor, parseUuidParam<ReleaseId>(request.params.id));
    return reply.status(201).send({ pressRelease });
  });

  app.post<{ Params: { id: string } }>('/press-releases/:id/cancel', async (request) => {
    const actor = requireUser(request);
    return { pressRelease: await cancelScheduled(ctx, actor, parseUuidParam<ReleaseId>(request.params.id)) };
  });

  app.post<{ Params: { id: string } }>('/press-releases/:id/withdraw', async (request) => {
    const actor = requireUser(request);
    return { pressRelease: await withdrawFromReview(ctx, actor, parseUuidParam<ReleaseId>(request.params.id)) };
  });

  // The workspace's approver answers a writer's release (decision 021). The configuration is read at each
  // request: tests replace it after the routes are registered.
  const approvalDeps = () => ({ ...reviewDeps, review: app.deps.config.review });
  app.post<{ Params: { id: string } }>('/press-releases/:id/approve', async (request) => ({
    pressRelease: await approveRelease(approvalDeps(), requireUser(request), parseUuidParam<ReleaseId>(request.params.id)),
  }));
  app.post<{ Params: { id: string } }>('/press-releases/:id/return', async (request) => {
    const { comment } = parseInput(returnReleaseSchema, request.body);
    const id = parseUuidParam<ReleaseId>(request.params.id);
    return { pressRelease: await returnRelease(approvalDeps(), requireUser(request), id, comment) };
  });

  // The brand's client answers a release waiting for them (issue 28).
  app.post<{ Params: { id: string } }>('/press-releases/:id/client-approve', async (request) => {
    const actor = requireUser(request);
    const pressRelease = await clientApproveRelease(reviewDeps, actor, parseUuidParam<ReleaseId>(request.params.id));
    if (pressRelease.status === 'in_review')
      void alertEditors(reviewDeps).catch((err: unknown) =>
        request.log.error({ err }, 'review alert failed'),
      );
    return { pressRelease };
  });

  app.post<{ Params: { id: string } }>('/press-releases/:id/client-return', async (request) => {
    const actor = requireUser(request);
    const id = parseUuidParam<ReleaseId>(request.params.id);
    const { comment } = parseInput(returnReleaseSchema, request.body);
    return { pressRelease: await clientReturnRelease(reviewDeps, actor, id, comment) };
  });

  app.get<{ Params: { id: string; attachmentId: string } }>(
    '/press-releases/:id/attachments/:attachmentId',
    async (request, reply) => {
      const actor = requireUser(request);
      const file = await getAttachmentFile(
        ctx.db,
        actor,
        parseUuidParam<ReleaseId>(request.params.id),
        parseUuidParam(request.params.attachmentId),
      );
      return reply
        .type(file.mimetype)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  );
}
