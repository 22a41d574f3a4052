import type { FastifyReply } from 'fastify';

/**
 * Content-Disposition for a file name in any script (RFC 6266): an ASCII name for old clients, the real
 * one as UTF-8 (RFC 8187) for the rest. The name has no quotes, apostrophes or brackets (file-name.ts).
 */
export const attachmentHeader = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

/**
 * A CSV report as a download: UTF-8, never cached (it holds a customer's or the operator's data), and
 * varying with Accept-Language, which chooses its headers' language when the address does not.
 */
export function sendCsvReport(reply: FastifyReply, report: { filename: string; csv: string }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', attachmentHeader(report.filename))
    .header('cache-control', 'private, no-store')
    .header('vary', 'Accept-Language')
    .send(report.csv);
}
