import { Resolver } from 'node:dns/promises';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dkimVerify } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startDnsServer } from '../test/dns-server.js';
import { createListWithContacts, pdfAttachment, releasePayload } from '../releases/release-fixtures.js';
import { createDeliveryEngine } from '../delivery/delivery-engine.js';
import { smtpDeliveryTransport } from '../delivery/delivery-transport.js';
import { loadConfig } from '../config.js';
import { loadDkimKey, publicKeyRecord, type DkimKey } from './dkim.js';
import { dkimSignerThread } from './dkim-signer.js';
import { finishIfDone } from '../releases/lifecycle.js';
import { sendingDomain } from './sending-domain.service.js';

/**
 * Signed mail (issue 14): every release message carries a DKIM signature that a DKIM verifier
 * (mailauth) accepts against the key published in a real DNS server; the super admin's Sending domain
 * panel shows the records to publish and checks each against that DNS.
 */

let t: TestApp;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let key: DkimKey;
beforeAll(async () => {
  dns = await startDnsServer({});
  t = await createTestApp({ MAIL_FROM: 'Nashr <releases@nashr.test>', BOUNCE_DOMAIN: 'bounces.nashr.test', DNS_RESOLVER: dns.address, PUBLIC_URL: 'https://app.nashr.test' });
  key = await loadDkimKey(t.db, t.deps.config);
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

/** mailauth asks DNS through this: the test's server, not the machine's. */
function viaTestDns() {
  const resolver = new Resolver();
  resolver.setServers([dns.address]);
  return (name: string, type: string) => (type === 'TXT' ? resolver.resolveTxt(name) : resolver.resolve(name, type)) as Promise<string[][]>;
}

async function signedMessages(emails: string[], overrides: Record<string, unknown> = {}) {
  const user = await t.signInAs(`signer-${emails[0]}`, { userType: 'active', trusted: true, monthlyPressReleaseLimit: 10 });
  const list = await createListWithContacts(t.db, user.workspaceId, emails.length, emails);
  const res = await t.request({ method: 'POST', url: '/api/send-press-release', as: `signer-${emails[0]}`, payload: releasePayload({ recipientLists: [list.listId], ...overrides }) });
  expect(res.statusCode, res.body).toBe(200);
  const transport = smtpDeliveryTransport(t.smtp.url, 2);
  const dkim = dkimSignerThread(key);
  await createDeliveryEngine({ onReleaseDrained: finishIfDone, db: t.db, transport, publicUrl: 'http://localhost:3000', mailFrom: 'Nashr <releases@nashr.test>', dkim }).drain();
  await dkim.close();
  await transport.close();
  return t.smtp.messages.filter((m) => emails.includes(m.envelopeTo[0]));
}

describe('DKIM signatures', () => {
  it('signs every message so that a verifier accepts it against the published key, attachment and Arabic included', async () => {
    dns.records[`nashr._domainkey.nashr.test`] = [{ type: 'TXT', text: publicKeyRecord(key) }];
    const messages = await signedMessages(['signed.one@journalists.test', 'signed.two@journalists.test'], {
      title: 'نشر تفتتح مكتبها في الرياض',
      language: 'arabic',
      // A long Arabic file name: its parameters are encoded and folded inside the body's part headers.
      attachments: [pdfAttachment('بيان صحفي عن افتتاح المكتب الجديد في الرياض مع الصور.pdf')],
    });
    expect(messages).toHaveLength(2);
    for (const message of messages) {
      expect(message.raw.toString('latin1').startsWith('DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=nashr.test;')).toBe(true);
      const verified = await dkimVerify(message.raw, { resolver: viaTestDns() });
      expect(verified.results.map((r) => [r.signingDomain, r.status.result])).toEqual([['nashr.test', 'pass']]);
    }
    // Changing the body or a signed header breaks it: the verifier really checks.
    const raw = messages[0].raw.toString('latin1');
    const body = await dkimVerify(Buffer.from(raw.replace('Content-Transfer-Encoding: base64\r\n\r\n', 'Content-Transfer-Encoding: base64\r\n\r\nAAAA'), 'latin1'), { resolver: viaTestDns() });
    expect(body.results[0].status).toMatchObject({ result: expect.not.stringMatching(/^pass$/), comment: expect.stringMatching(/body hash/) });
    const header = await dkimVerify(Buffer.from(raw.replace(/^To: .*$/m, 'To: someone.else@journalists.test'), 'latin1'), { resolver: viaTestDns() });
    expect(header.results[0].status.result).toBe('fail');
  });

  it('keeps one generated key across starts, and uses DKIM_PRIVATE_KEY given as text or as a file', async () => {
    const again = await loadDkimKey(t.db, t.deps.config);
    expect(publicKeyRecord(again)).toBe(publicKeyRecord(key));
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dkim-')), 'key.pem');
    fs.writeFileSync(file, pem);
    for (const given of [pem, file]) {
      const configured = await loadDkimKey(t.db, loadConfig({ DKIM_PRIVATE_KEY: given, DKIM_DOMAIN: 'mail.example.com', DKIM_SELECTOR: 's2026' }));
      expect(configured).toMatchObject({ domain: 'mail.example.com', selector: 's2026' });
      expect(publicKeyRecord(configured)).not.toBe(publicKeyRecord(key));
    }
  });
});

describe('sending domain panel', () => {
  const panel = async () => {
    await t.signInAs('domain-admin', { role: 'super_admin' });
    const res = await t.request({ method: 'GET', url: '/api/admin/sending-domain', as: 'domain-admin' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const statuses = (body: { records: Array<{ purpose: string; status: string }> }) => Object.fromEntries(body.records.map((r) => [r.purpose, r.status]));

  it('lists the records to publish and checks each against live DNS', async () => {
    for (const name of Object.keys(dns.records)) delete dns.records[name];
    const empty = await panel();
    // Replies go to the bounce domain unless REPLY_DOMAIN says otherwise: its MX serves both.
    expect(empty).toMatchObject({ domain: 'nashr.test', selector: 'nashr', bounceDomain: 'bounces.nashr.test', replyDomain: 'bounces.nashr.test' });
    // SPF is checked on the envelope sender's domain, and every envelope sender is …@BOUNCE_DOMAIN (VERP).
    expect(empty.records).toEqual([
      { purpose: 'dkim', type: 'TXT', name: 'nashr._domainkey.nashr.test', value: publicKeyRecord(key), status: 'missing' },
      { purpose: 'spf', type: 'TXT', name: 'bounces.nashr.test', value: 'v=spf1 mx a ~all', status: 'missing' },
      { purpose: 'dmarc', type: 'TXT', name: '_dmarc.nashr.test', value: 'v=DMARC1; p=none; rua=mailto:dmarc@nashr.test', status: 'missing' },
      { purpose: 'bounce-mx', type: 'MX', name: 'bounces.nashr.test', value: '10 app.nashr.test', status: 'missing' },
    ]);

    // Published, but the DKIM key of another pair and the MX pointing elsewhere.
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    dns.records['nashr._domainkey.nashr.test'] = [{ type: 'TXT', text: `v=DKIM1; k=rsa; p=${otherKey}` }];
    // An SPF policy on the From domain alone does not cover the envelope senders.
    dns.records['nashr.test'] = [{ type: 'TXT', text: 'v=spf1 include:_spf.relay.test ~all' }];
    dns.records['bounces.nashr.test'] = [{ type: 'MX', exchange: 'mx.elsewhere.test', priority: 10 }];
    dns.records['_dmarc.nashr.test'] = [{ type: 'TXT', text: 'v=DMARC1; p=quarantine' }];
    const wrong = await panel();
    expect(statuses(wrong)).toEqual({ dkim: 'mismatch', spf: 'missing', dmarc: 'pass', 'bounce-mx': 'mismatch' });
    expect(wrong.records.find((r: { purpose: string }) => r.purpose === 'bounce-mx').found).toBe('10 mx.elsewhere.test');

    dns.records['nashr._domainkey.nashr.test'] = [{ type: 'TXT', text: publicKeyRecord(key) }];
    dns.records['bounces.nashr.test'] = [
      { type: 'TXT', text: 'v=spf1 include:_spf.relay.test ~all' },
      { type: 'MX', exchange: 'app.nashr.test', priority: 10 },
    ];
    expect(statuses(await panel())).toEqual({ dkim: 'pass', spf: 'pass', dmarc: 'pass', 'bounce-mx': 'pass' });
  });

  it("names the MX to publish for REPLY_DOMAIN when replies have a domain of their own", async () => {
    const options = { bounceDomain: 'bounces.nashr.test', replyDomain: 'reply.nashr.test', inboundHost: 'app.nashr.test', resolver: dns.address };
    delete dns.records['reply.nashr.test'];
    const missing = await sendingDomain(key, options);
    expect(missing.replyDomain).toBe('reply.nashr.test');
    expect(missing.records.at(-1)).toEqual({ purpose: 'reply-mx', type: 'MX', name: 'reply.nashr.test', value: '10 app.nashr.test', status: 'missing' });
    dns.records['reply.nashr.test'] = [{ type: 'MX', exchange: 'app.nashr.test', priority: 10 }];
    expect((await sendingDomain(key, options)).records.at(-1)).toMatchObject({ purpose: 'reply-mx', status: 'pass' });
  });

  it('is for super admins only', async () => {
    await t.signInAs('domain-customer', { userType: 'active' });
    expect((await t.request({ method: 'GET', url: '/api/admin/sending-domain', as: 'domain-customer' })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/sending-domain' })).statusCode).toBe(401);
  });
});
