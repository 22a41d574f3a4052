import type { FastifyInstance } from 'fastify';
import { bulkAddSchema, listContactsQuerySchema, listCreateSchema, listUpdateSchema } from '../../shared/lists.js';
import { parseInput, parseIntParam, parseUuidParam } from '../http/errors.js';
import { canViewEmails, requireAction, requireUser } from '../access/access.js';
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

/** The current workspace's contact lists: every member reads them, writers and above change them. */
export async function listsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  app.get('/', async (request) => listUserLists(db, requireAction(requireUser(request), 'browse')));

  app.post('/', async (request, reply) => {
    const user = requireUser(request);
    const list = await createList(db, requireAction(user, 'write'), parseInput(listCreateSchema, request.body), user.id);
    return reply.status(201).send(list);
  });

  app.patch('/:id', async (request) => {
    const user = requireUser(request);
    const listId = parseUuidParam((request.params as IdParams).id);
    return updateList(db, requireAction(user, 'write'), listId, parseInput(listUpdateSchema, request.body));
  });

  app.delete('/:id', async (request) => {
    const user = requireUser(request);
    await deleteList(db, requireAction(user, 'write'), parseUuidParam((request.params as IdParams).id));
    return { deleted: true };
  });

  app.get('/:id/contacts', async (request) => {
    const user = requireUser(request);
    const listId = parseUuidParam((request.params as IdParams).id);
    const paging = parseInput(listContactsQuerySchema, request.query);
    return listContactsPage(db, requireAction(user, 'browse'), listId, paging, canViewEmails(user));
  });

  app.post('/:id/contacts/bulk', async (request) => {
    const user = requireUser(request);
    const listId = parseUuidParam((request.params as IdParams).id);
    return addContactsToList(db, requireAction(user, 'write'), listId, parseInput(bulkAddSchema, request.body), {
      revealsEmail: canViewEmails(user),
    });
  });

  app.delete('/:id/contacts/:contactId', async (request) => {
    const user = requireUser(request);
    const params = request.params as IdParams & { contactId: string };
    await removeContactFromList(db, requireAction(user, 'write'), parseUuidParam(params.id), parseIntParam(params.contactId));
    return { removed: true };
  });
}
