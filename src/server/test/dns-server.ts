import dns2 from 'dns2';

export type DnsRecords = Record<string, Array<{ type: 'TXT'; text: string } | { type: 'MX'; exchange: string; priority: number }>>;

/** A real DNS server on a UDP port of 127.0.0.1 answering TXT and MX from `records` (which tests may change). */
export async function startDnsServer(records: DnsRecords) {
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      for (const record of records[question.name.toLowerCase()] ?? []) {
        if (record.type === 'TXT' && question.type === Packet.TYPE.TXT) {
          // A TXT record is strings of at most 255 bytes; a 2048-bit DKIM key takes two.
          const chunks = record.text.match(/.{1,255}/g) ?? [''];
          response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data: chunks });
        }
        if (record.type === 'MX' && question.type === Packet.TYPE.MX)
          response.answers.push({ name: question.name, type: Packet.TYPE.MX, class: Packet.CLASS.IN, ttl: 60, exchange: record.exchange, priority: record.priority });
      }
      send(response);
    },
  });
  const { udp } = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return { address: `127.0.0.1:${udp.port}`, records, close: () => server.close() };
}
