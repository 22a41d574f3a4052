import type { FastifyInstance } from 'fastify';
import {
  bulkDeleteSchema,
  contactFilterSchema,
  contactInputSchema,
  contactSearchQuerySchema,
  IMPORT_MAX_BYTES,
} from '../../shared/contacts.js';
import { parseInput, parseIntParam, validationFailed, appError, fieldError } from '../http/errors.js';
import { createRequestLimiter } from '../http/request-limit.js';
import { canViewEmails, requireBrowse, requireSuperAdmin, requireUser } from '../access/access.js';
import { markUnsubscribed } from '../suppressions/suppressions.service.js';
import { exportCsvStream, templateCsv } from './contacts-csv.js';
import { assertCsvFile, fileTooLarge, importContactsCsv } from './contacts-import.js';
import {
  bulkDeleteContacts,
  contactFacets,
  createContact,
  deleteContact,
  getContact,
  searchContacts,
  updateContact,
} from './contacts.service.js';
import type { UserId } from '../../shared/ids.js';

const MULTIPART_OVERHEAD = 64 * 1024;
/** Per user, searches and facet counts each (the contacts page asks for both at every change). */
const SEARCHES_PER_MINUTE = 120;

const actorOf = (user: { id: UserId; email: string }) => ({ id: user.id, email: user.email });

/** The global media database: read by every signed-in user, changed by super admins only. */
export async function contactsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  // Generous for a person paging and filtering; a script rebuilding data from matches hits it at once.
  const searchLimit = createRequestLimiter(SEARCHES_PER_MINUTE, 60_000);

  app.get('/', async (request) => {
    // The media database is the team's tool; a client seat sees only its brands' releases.
    const user = requireBrowse(requireUser(request));
    searchLimit.take(`search:${user.id}`);
    const { page, pageSize, ...filter } = parseInput(contactSearchQuerySchema, request.query);
    const found = await searchContacts(db, filter, { page, pageSize }, canViewEmails(user));
    return { ...found, items: await markUnsubscribed(db, user.workspace?.id, found.items) };
  });

  app.get('/facets', async (request) => {
    // The media database is the team's tool; a client seat sees only its brands' releases.
    const user = requireBrowse(requireUser(request));
    searchLimit.take(`facets:${user.id}`);
    return contactFacets(db, parseInput(contactFilterSchema, request.query), { revealsEmail: canViewEmails(user) });
  });

  app.get('/template', async (request, reply) => {
    requireSuperAdmin(request);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="contacts-template.csv"')
      .send(templateCsv());
  });

  app.get('/export', async (request, reply) => {
    requireSuperAdmin(request);
    const filter = parseInput(contactFilterSchema, request.query);
    const date = app.deps.now().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="contacts-${date}.csv"`)
      .send(exportCsvStream(db, filter));
  });

  app.get('/:id', async (request) => {
    // The media database is the team's tool; a client seat sees only its brands' releases.
    const user = requireBrowse(requireUser(request));
    const contact = await getContact(db, parseIntParam((request.params as { id: string }).id), canViewEmails(user));
    return (await markUnsubscribed(db, user.workspace?.id, [contact]))[0];
  });

  app.post('/', async (request, reply) => {
    requireSuperAdmin(request);
    const contact = await createContact(db, parseInput(contactInputSchema, request.body));
    return reply.status(201).send(contact);
  });

  app.put('/:id', async (request) => {
    requireSuperAdmin(request);
    const id = parseIntParam((request.params as { id: string }).id);
    return updateContact(db, id, parseInput(contactInputSchema, request.body));
  });

  app.delete('/:id', async (request) => {
    const user = requireSuperAdmin(request);
    const id = parseIntParam((request.params as { id: string }).id);
    await deleteContact(db, actorOf(user), id);
    return { deleted: 1 };
  });

  app.post('/bulk-delete', async (request) => {
    const user = requireSuperAdmin(request);
    const { ids } = parseInput(bulkDeleteSchema, request.body);
    return bulkDeleteContacts(db, actorOf(user), ids);
  });

  app.post('/import', async (request) => {
    const user = requireSuperAdmin(request);
    if (!request.isMultipart()) throw appError('CSV_MULTIPART_REQUIRED');
    // A body announced well over the limit is refused before reading it; the stream check catches the rest.
    if (Number(request.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES + MULTIPART_OVERHEAD) throw fileTooLarge();
    const part = await request.file();
    if (!part || part.fieldname !== 'csvFile') {
      part?.file.resume();
      throw validationFailed([fieldError('csvFile', 'CSV_FILE_REQUIRED')]);
    }
    try {
      assertCsvFile(part.filename, part.mimetype);
    } catch (error) {
      part.file.resume();
      throw error;
    }
    const summary = await importContactsCsv(db, actorOf(user), { filename: part.filename, stream: part.file });
    return { summary };
  });
}
