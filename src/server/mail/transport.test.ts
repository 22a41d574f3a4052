import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../test/smtp-sink.js';
import { createMailer } from './transport.js';

/** The name the mailer gives in EHLO (EHLO_NAME), over real SMTP: a host name as it is, an address as a literal. */

const sinks: Array<{ close: () => Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(sinks.map((s) => s.close()));
});

const silent = { info: () => {} };

async function heloOf(ehloName: string) {
  const sink = await startSmtpSink();
  sinks.push(sink);
  const mailer = createMailer({ smtpUrl: sink.url, from: 'Nashr <releases@nashr.test>', pool: 1, db: undefined as never, log: silent, ehloName });
  await mailer.send({ to: 'reader@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
  await mailer.close();
  const [mail] = await sink.waitFor(1);
  return mail.helo;
}

describe('EHLO name', () => {
  it('gives a host name as it is', async () => {
    expect(await heloOf('press.example.com')).toBe('press.example.com');
  });

  it('gives an address as an address literal (RFC 5321 §4.1.3)', async () => {
    expect(await heloOf('192.0.2.10')).toBe('[192.0.2.10]');
    // The sink reads the name in lower case.
    expect(await heloOf('[2001:db8::1]')).toBe('[ipv6:2001:db8::1]');
  });
});
