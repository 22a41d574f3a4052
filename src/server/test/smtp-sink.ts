import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/** `helo`: the name the client gave in EHLO/HELO. */
export type ReceivedMail = { envelopeFrom: string; envelopeTo: string[]; helo: string; raw: Buffer; parsed: ParsedMail };

/** How the sink answers a message: undefined accepts it; a code (451 retry, 550 bounce) or a code with the server's text refuses it. */
export type SinkAnswer = number | { code: number; text: string } | undefined;

/** A real SMTP peer for tests. `respond` decides the answer to each message. */
export async function startSmtpSink(options: { respond?: (to: string[], count: number) => SinkAnswer; answerAfterMs?: number } = {}) {
  const messages: ReceivedMail[] = [];
  let count = 0;
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 50 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        // A slow server: the answer to each message comes this long after its data.
        if (options.answerAfterMs) await new Promise((resolve) => setTimeout(resolve, options.answerAfterMs));
        const to = session.envelope.rcptTo.map((r) => r.address);
        const answer = options.respond?.(to, ++count);
        if (answer) {
          const { code, text } = typeof answer === 'number' ? { code: answer, text: answer >= 500 ? 'Mailbox unavailable' : 'Try again later' } : answer;
          return callback(Object.assign(new Error(text), { responseCode: code }));
        }
        const raw = Buffer.concat(chunks);
        const from = session.envelope.mailFrom;
        messages.push({ envelopeFrom: from ? from.address : '', envelopeTo: to, helo: session.hostNameAppearsAs, raw, parsed: await simpleParser(raw) });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  // A client that drops its connection mid-message (a killed worker) is part of what tests exercise.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Resolves when at least n messages have arrived (or rejects after timeoutMs). */
    async waitFor(n: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} messages, got ${messages.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return messages;
    },
    /** Resolves with the first message (from index `from`) that `matches`, waiting for it up to timeoutMs. */
    async waitForMail(matches: (mail: ReceivedMail) => boolean, from = 0, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.slice(from).find(matches);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching message among ${messages.length - from} received`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
