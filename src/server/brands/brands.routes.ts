import type { BrandId } from '../../shared/ids.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brandInputSchema, brandPatchSchema, LOGO_MAX_BYTES } from '../../shared/brands.js';
import { appError, parseInput, parseUuidParam } from '../http/errors.js';
import { requireUser } from '../access/access.js';
import { createRequestLimiter } from '../http/request-limit.js';
import { logoInvalid } from './logo-check.js';
import {
  archiveBrand,
  brandLogo,
  createBrand,
  deleteBrand,
  listBrands,
  removeBrandLogo,
  requireBrand,
  setBrandLogo,
  unarchiveBrand,
  updateBrand,
} from './brands.service.js';

type Params = { id: string };
const YEAR_SECONDS = 365 * 86_400;
/** What the multipart envelope adds around a 1 MB file, at most (headers, boundaries). */
const MULTIPART_OVERHEAD = 16 * 1024;
/** A large logo is decoded and scaled (seconds of a thread's time): a person scales a few a minute at most. */
const LOGO_SCALINGS_PER_MINUTE = 6;

/** The `logo` file of a multipart body, read up to one byte over the limit (then refused). */
async function logoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw logoInvalid();
  if (Number(request.headers['content-length'] ?? 0) > LOGO_MAX_BYTES + MULTIPART_OVERHEAD)
    throw logoInvalid();
  const part = await request.file();
  if (!part || part.fieldname !== 'logo') {
    part?.file.resume();
    throw logoInvalid();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > LOGO_MAX_BYTES) {
      part.file.resume();
      throw logoInvalid();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Routes of brands (issue 28); registered under /api. */
export async function brandsRoutes(app: FastifyInstance): Promise<void> {
  const deps = () => ({ db: app.deps.db, publicUrl: app.deps.config.publicUrl, now: app.deps.now });
  const id = (request: FastifyRequest) => parseUuidParam<BrandId>((request.params as Params).id);
  const logoScalings = createRequestLimiter(LOGO_SCALINGS_PER_MINUTE, 60_000);

  app.get('/brands', async (request) => ({ brands: await listBrands(deps(), requireUser(request)) }));
  app.post('/brands', async (request, reply) => {
    const actor = requireUser(request);
    const input = parseInput(brandInputSchema, request.body);
    return reply.status(201).send({ brand: await createBrand(deps(), actor, input) });
  });
  app.patch<{ Params: Params }>('/brands/:id', async (request) => {
    const actor = requireUser(request);
    const brandId = id(request);
    // Who may change it is decided before the body is read.
    await requireBrand(app.deps.db, actor, brandId, 'manage');
    const input = parseInput(brandPatchSchema, request.body);
    return { brand: await updateBrand(deps(), actor, brandId, input) };
  });
  app.post<{ Params: Params }>('/brands/:id/archive', async (request) => ({
    brand: await archiveBrand(deps(), requireUser(request), id(request)),
  }));
  app.post<{ Params: Params }>('/brands/:id/unarchive', async (request) => ({
    brand: await unarchiveBrand(deps(), requireUser(request), id(request)),
  }));
  app.delete<{ Params: Params }>('/brands/:id', async (request, reply) => {
    await deleteBrand(deps(), requireUser(request), id(request));
    return reply.status(204).send();
  });

  app.put<{ Params: Params }>('/brands/:id/logo', async (request) => {
    const actor = requireUser(request);
    const brandId = id(request);
    await requireBrand(app.deps.db, actor, brandId, 'manage');
    const upload = await logoUpload(request);
    return { brand: await setBrandLogo(deps(), actor, brandId, upload, () => logoScalings.take(actor.id)) };
  });
  app.delete<{ Params: Params }>('/brands/:id/logo', async (request) => ({
    brand: await removeBrandLogo(deps(), requireUser(request), id(request)),
  }));

  // Public: newsrooms, web versions and emails (read on other origins, by mail clients) show it.
  app.get<{ Params: Params; Querystring: { v?: string } }>('/brands/:id/logo', async (request, reply) => {
    const logo = await brandLogo(app.deps.db, id(request));
    if (!logo) throw appError('BRAND_NOT_FOUND');
    const current = request.query.v === logo.sha256.slice(0, 12);
    reply
      .type(logo.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      // The address carries the image's digest: a current one never changes; any other is checked again.
      .header('cache-control', current ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, max-age=300')
      .header('content-disposition', 'inline');
    // An SVG opened on its own runs nothing and fetches nothing.
    if (logo.contentType === 'image/svg+xml')
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.send(logo.content);
  });
}
