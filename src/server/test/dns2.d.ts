/** The parts of dns2 (no published types) that the tests' DNS server uses. */
declare module 'dns2' {
  type Question = { name: string; type: number };
  type Answer = { name: string; type: number; class: number; ttl: number; data?: string | string[]; exchange?: string; priority?: number };
  type Packet = { questions: Question[]; answers: Answer[] };
  const dns2: {
    Packet: {
      TYPE: { TXT: number; MX: number };
      CLASS: { IN: number };
      createResponseFromRequest(request: Packet): Packet;
    };
    createServer(options: {
      udp: boolean;
      handle: (request: Packet, send: (response: Packet) => void) => void;
    }): {
      listen(options: { udp: { port: number; address: string } }): Promise<{ udp: { port: number } }>;
      close(): Promise<void>;
    };
  };
  export default dns2;
}
