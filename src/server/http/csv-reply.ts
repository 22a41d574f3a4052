import type { FastifyReply } from 'fastify';

/**
 * A CSV report as a download: UTF-8, never cached (it holds a customer's or the operator's data), and
 * varying with Accept-Language, which chooses its headers' language when the address does not.
 */
export function sendCsvReport(reply: FastifyReply, report: { filename: string; csv: string }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${report.filename}"`)
    .header('cache-control', 'private, no-store')
    .header('vary', 'Accept-Language')
    .send(report.csv);
}
