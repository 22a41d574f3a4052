import type { FastifyInstance } from 'fastify';
import { bulkAddSchema, listContactsQuerySchema, listCreateSchema, listUpdateSchema } from '../../shared/lists.js';
import { parseInput, parseIntParam, parseUuidParam } from '../http/errors.js';
import { requireUser } from '../http/session.js';
import { canViewEmails } from '../contacts/contact-view.js';
import {
  addContactsToList,
  createList,
  deleteList,
  listContactsPage,
  listUserLists,
  removeContactFromList,
  updateList,
} from './lists.service.js';

type IdParams = { id: string };

/** A signed-in user's own contact lists. */
export async function listsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  app.get('/', async (request) => listUserLists(db, requireUser(request).id));

  app.post('/', async (request, reply) => {
    const user = requireUser(request);
    const list = await createList(db, user.id, parseInput(listCreateSchema, request.body));
    return reply.status(201).send(list);
  });

  app.patch('/:id', async (request) => {
    const user = requireUser(request);
    const listId = parseUuidParam((request.params as IdParams).id);
    return updateList(db, user.id, listId, parseInput(listUpdateSchema, request.body));
  });

  app.delete('/:id', async (request) => {
    const user = requireUser(request);
    await deleteList(db, user.id, parseUuidParam((request.params as IdParams).id));
    return { deleted: true };
  });

  app.get('/:id/contacts', async (request) => {
    const user = requireUser(request);
    const listId = parseUuidParam((request.params as IdParams).id);
    const paging = parseInput(listContactsQuerySchema, request.query);
    return listContactsPage(db, user.id, listId, paging, canViewEmails(user));
  });

  app.post('/:id/contacts/bulk', async (request) => {
    const user = requireUser(request);
    const listId = parseUuidParam((request.params as IdParams).id);
    return addContactsToList(db, user.id, listId, parseInput(bulkAddSchema, request.body), {
      revealsEmail: canViewEmails(user),
    });
  });

  app.delete('/:id/contacts/:contactId', async (request) => {
    const user = requireUser(request);
    const params = request.params as IdParams & { contactId: string };
    await removeContactFromList(db, user.id, parseUuidParam(params.id), parseIntParam(params.contactId));
    return { removed: true };
  });
}
