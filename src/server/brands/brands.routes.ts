import type { FastifyInstance } from 'fastify';

/** Routes of brands (issue 28); registered under /api. */
export async function brandsRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
