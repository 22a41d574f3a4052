import type { FastifyInstance } from 'fastify';

/** Routes of brands (issue 28); registered under /api. */
export async function brandReportRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
