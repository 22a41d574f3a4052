import type { ReleaseId, UserId, WorkspaceId } from '../../shared/ids.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptKinds, roles } from '../../shared/auth.js';
import { paymentStatuses } from '../../shared/billing.js';
import { deliveryReportKinds, suppressionReasons } from '../../shared/deliverability.js';
import { releaseStatuses, releaseStepKinds, releaseStepRoles } from '../../shared/releases.js';
import { deliveryAudiences, recipientStatuses, trackingEventTypes } from '../../shared/release-statuses.js';
import { REPLY_KINDS, REPLY_MATCHES, RESEARCH_OUTCOMES, RESEARCH_SIGNALS } from '../../shared/replies.js';
import { coverageKinds, coverageSources } from '../../shared/coverage.js';
import { dataRequestKinds, dataRequestStates } from '../../shared/preferences.js';
import { documentKinds } from '../../shared/invoices.js';
import { workspaceRoles } from '../../shared/workspaces.js';
import { createTestDatabase } from '../test/test-db.js';
import { rowsOf, type Database } from './client.js';
import {
  authAttempts,
  brands,
  coverageItems,
  dataRequests,
  deliveries,
  deliveryReports,
  documentSequences,
  payments,
  pressReleases,
  releaseSteps,
  researchItems,
  suppressions,
  trackingEvents,
  users,
  workspaceMembers,
  workspaces,
} from './schema.js';

/**
 * Status, role and kind columns hold only what the shared lists name: the CHECK of each says the same list as the
 * TypeScript type (a value added to a list without a migration fails here), and the database refuses a
 * value outside it whoever writes it.
 */
const CHECKED: Record<string, readonly string[]> = {
  users_role_check: roles,
  workspace_members_role_check: workspaceRoles,
  workspace_invitations_role_check: workspaceRoles,
  press_releases_status_check: releaseStatuses,
  deliveries_status_check: recipientStatuses,
  deliveries_audience_check: deliveryAudiences,
  release_steps_kind_check: releaseStepKinds,
  release_steps_actor_role_check: releaseStepRoles,
  inbound_replies_kind_check: REPLY_KINDS,
  inbound_replies_matched_by_check: REPLY_MATCHES,
  research_items_signal_check: RESEARCH_SIGNALS,
  research_items_resolution_check: RESEARCH_OUTCOMES,
  coverage_items_kind_check: coverageKinds,
  coverage_items_source_check: coverageSources,
  data_requests_kind_check: dataRequestKinds,
  data_requests_status_check: dataRequestStates,
  document_sequences_kind_check: documentKinds,
  invoices_kind_check: documentKinds,
  tracking_events_type_check: trackingEventTypes,
  delivery_reports_kind_check: deliveryReportKinds,
  auth_attempts_kind_check: attemptKinds,
  suppressions_reason_check: suppressionReasons,
  payments_status_check: paymentStatuses,
};

let database: Database;
let userId: UserId;
let releaseId: ReleaseId;
let deliveryId: number;
let workspaceId: WorkspaceId;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  [{ id: userId }] = await db.insert(users).values({ email: 'checks@nashr.test', passwordHash: 'x' }).returning();
  [{ id: workspaceId }] = await db.insert(workspaces).values({ name: 'Checks' }).returning();
  await db.insert(workspaceMembers).values({ workspaceId, userId, role: 'owner' });
  const [brand] = await db.insert(brands).values({ workspaceId, name: 'Checks' }).returning();
  [{ id: releaseId }] = await db.insert(pressReleases).values({ workspaceId, brandId: brand.id, authorId: userId, title: 'Checked' }).returning();
  [{ id: deliveryId }] = await db.insert(deliveries).values({ releaseId, email: 'checked@press.test', token: 'checked-token' }).returning();
});

afterAll(async () => {
  await database?.close();
});

/** The SQLSTATE and constraint a statement fails with (drizzle wraps the driver's error as its cause). */
async function refusal(statement: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await statement;
  } catch (error) {
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
    return { code: cause.code, constraint: cause.constraint };
  }
  throw new Error('the statement was accepted');
}

describe('status, role and kind columns', () => {
  it('each CHECK names exactly the values of its shared list', async () => {
    const found = rowsOf<{ name: string; definition: string }>(
      await database.db.execute(sql`
        SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE contype = 'c' AND conname IN ${Object.keys(CHECKED)}`),
    );
    expect(found.map((c) => c.name).sort()).toEqual(Object.keys(CHECKED).sort());
    for (const { name, definition } of found) {
      const values = [...definition.matchAll(/'([^']*)'/g)].map((m) => m[1]);
      expect({ name, values }).toEqual({ name, values: [...CHECKED[name]] });
    }
  });

  it('takes every value of the lists', async () => {
    for (const status of releaseStatuses) await database.db.update(pressReleases).set({ status }).where(eq(pressReleases.id, releaseId));
    for (const role of workspaceRoles) await database.db.update(workspaceMembers).set({ role }).where(eq(workspaceMembers.userId, userId));
    for (const role of roles) await database.db.update(users).set({ role }).where(eq(users.id, userId));
    for (const status of recipientStatuses) await database.db.update(deliveries).set({ status }).where(eq(deliveries.id, deliveryId));
    for (const audience of deliveryAudiences) await database.db.update(deliveries).set({ audience }).where(eq(deliveries.id, deliveryId));
    for (const kind of releaseStepKinds) {
      for (const actorRole of releaseStepRoles) await database.db.insert(releaseSteps).values({ releaseId, kind, actorRole, at: new Date() });
    }
    for (const kind of coverageKinds) {
      for (const source of coverageSources) await database.db.insert(coverageItems).values({ releaseId, kind, source, url: `https://news.test/${kind}/${source}`, outlet: 'News', title: 'Covered' });
    }
    for (const kind of dataRequestKinds) {
      for (const status of dataRequestStates) await database.db.insert(dataRequests).values({ email: `${kind}.${status}@press.test`, kind, status, dueAt: new Date() });
    }
    for (const kind of documentKinds) await database.db.insert(documentSequences).values({ series: 'CHK', kind, lastNumber: 1 });
    for (const signal of RESEARCH_SIGNALS) {
      for (const resolution of [...RESEARCH_OUTCOMES, null]) {
        await database.db.insert(researchItems).values({ email: `${signal}.${resolution}@press.test`, signal, resolution, resolvedAt: new Date() });
      }
    }
    for (const type of trackingEventTypes) await database.db.insert(trackingEvents).values({ deliveryId, releaseId, type });
    for (const kind of deliveryReportKinds) await database.db.insert(deliveryReports).values({ deliveryId, email: 'checked@press.test', kind });
    for (const kind of attemptKinds) await database.db.insert(authAttempts).values({ kind, key: 'ip:192.0.2.1' });
    for (const reason of suppressionReasons) await database.db.insert(suppressions).values({ email: `${reason}@press.test`, reason });
    for (const status of paymentStatuses) {
      await database.db.insert(payments).values({ workspaceId, provider: 'demo', paymentIntentId: `pi_${status}`, planId: 'package_1', amount: 4900, status });
    }
  });

  it.each([
    ['press_releases_status_check', () => sql`UPDATE ${pressReleases} SET status = ${'archived'} WHERE id = ${releaseId}`],
    ['workspace_members_role_check', () => sql`UPDATE ${workspaceMembers} SET role = ${'admin'} WHERE user_id = ${userId}`],
    ['users_role_check', () => sql`UPDATE ${users} SET role = ${'owner'} WHERE id = ${userId}`],
    ['deliveries_status_check', () => sql`UPDATE ${deliveries} SET status = ${'delivered'} WHERE id = ${deliveryId}`],
    ['deliveries_audience_check', () => sql`UPDATE ${deliveries} SET audience = ${'press'} WHERE id = ${deliveryId}`],
    ['release_steps_kind_check', () => sql`INSERT INTO ${releaseSteps} (release_id, kind, actor_role, at) VALUES (${releaseId}, ${'published'}, ${'owner'}, now())`],
    ['release_steps_actor_role_check', () => sql`INSERT INTO ${releaseSteps} (release_id, kind, actor_role, at) VALUES (${releaseId}, ${'sent'}, ${'admin'}, now())`],
    ['research_items_signal_check', () => sql`INSERT INTO ${researchItems} (email, signal) VALUES (${'x@press.test'}, ${'spam'})`],
    ['coverage_items_kind_check', () => sql`INSERT INTO ${coverageItems} (release_id, kind, source, url, outlet, title) VALUES (${releaseId}, ${'mention'}, ${'feed'}, ${'https://news.test/x'}, ${'News'}, ${'X'})`],
    ['data_requests_status_check', () => sql`INSERT INTO ${dataRequests} (email, kind, status, due_at) VALUES (${'z@press.test'}, ${'access'}, ${'closed'}, now())`],
    ['document_sequences_kind_check', () => sql`INSERT INTO ${documentSequences} (series, kind, last_number) VALUES (${'CHK'}, ${'receipt'}, 1)`],
    ['research_items_resolution_check', () => sql`INSERT INTO ${researchItems} (email, signal, resolution) VALUES (${'y@press.test'}, ${'left'}, ${'ignored'})`],
    ['tracking_events_type_check', () => sql`INSERT INTO ${trackingEvents} (delivery_id, release_id, type) VALUES (${deliveryId}, ${releaseId}, ${'view'})`],
    ['delivery_reports_kind_check', () => sql`INSERT INTO ${deliveryReports} (delivery_id, email, kind) VALUES (${deliveryId}, ${'checked@press.test'}, ${'bounce'})`],
    ['auth_attempts_kind_check', () => sql`INSERT INTO ${authAttempts} (kind, key) VALUES (${'login'}, ${'ip:192.0.2.1'})`],
    ['suppressions_reason_check', () => sql`INSERT INTO ${suppressions} (email, reason) VALUES (${'w@press.test'}, ${'soft_bounced'})`],
    ['payments_status_check', () => sql`INSERT INTO ${payments} (workspace_id, provider, payment_intent_id, plan_id, amount, status) VALUES (${workspaceId}, ${'demo'}, ${'pi_x'}, ${'package_1'}, 4900, ${'refunded'})`],
  ])('refuses a value outside the list (%s)', async (constraint, statement) => {
    expect(await refusal(database.db.execute(statement()))).toEqual({ code: '23514', constraint });
  });

  it('refuses a bad status written through the query builder too, and keeps the row as it was', async () => {
    await database.db.update(pressReleases).set({ status: 'draft' }).where(eq(pressReleases.id, releaseId));
    // A value the type check would stop, as a cast or a raw row could still bring it.
    expect(await refusal(database.db.update(pressReleases).set({ status: 'published' as never }).where(eq(pressReleases.id, releaseId)))).toMatchObject({
      code: '23514',
    });
    const [row] = await database.db.select({ status: pressReleases.status }).from(pressReleases).where(eq(pressReleases.id, releaseId));
    expect(row.status).toBe('draft');
  });
});
