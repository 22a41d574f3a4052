import type { FastifyInstance } from 'fastify';
import { campaignsQuerySchema, contactsPageQuerySchema } from '../../shared/campaigns.js';
import { parseInput, parseUuidParam } from '../http/errors.js';
import { canViewEmails, requireAction, requireUser } from '../access/access.js';
import { campaignContacts, contactsOfUserLists, listCampaigns, recentActivity } from './campaigns.service.js';

/** Registered at /api: the prototype's two remaining calls (SPEC §7) and the dashboard's recent activity. */
export async function campaignsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  app.get('/campaigns', async (request) => listCampaigns(db, requireUser(request), parseInput(campaignsQuerySchema, request.query)));

  app.get('/campaigns/activity', async (request) => recentActivity(db, requireUser(request)));

  app.get<{ Params: { id: string } }>('/campaigns/:id/contacts', async (request) => {
    const actor = requireUser(request);
    const paging = parseInput(contactsPageQuerySchema, request.query);
    return campaignContacts(db, actor, parseUuidParam(request.params.id), paging, canViewEmails(actor));
  });

  app.get('/contacts', async (request) => {
    const actor = requireUser(request);
    return contactsOfUserLists(db, requireAction(actor, 'browse'), parseInput(contactsPageQuerySchema, request.query), canViewEmails(actor));
  });
}
