import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readServerReport } from './reports.js';

/** The parser alone, on the captured reports (fixtures/README.md) and on the forms and damage they do not show. */
const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

const report = (parts: string[][], type = 'delivery-status') =>
  Buffer.from(
    [
      'From: MAILER-DAEMON@mx.remote.test',
      'Subject: Delivery Status Notification',
      `Content-Type: multipart/report; report-type=${type}; boundary="b"`,
      '',
      ...parts.flatMap((part) => ['--b', ...part]),
      '--b--',
      '',
    ].join('\r\n'),
  );

describe('reading a report', () => {
  it("reads Postfix's delivery-status part: per-recipient Action, Final-Recipient, Status and the Diagnostic-Code unfolded", async () => {
    expect(await readServerReport(fixture('postfix-hard-bounce.eml'))).toEqual({
      id: 'smtp:<20261126101948.F25AF20C071@relay.nashr.test>',
      type: 'bounce',
      text: '',
      recipients: [
        { address: 'unknown.user@journalists.test', kind: 'hard', status: '5.1.1', detail: '550 5.1.1 <unknown.user@journalists.test>: Recipient address rejected: User unknown in virtual mailbox table' },
      ],
    });
    const [delayed] = ((await readServerReport(fixture('postfix-delayed.eml'))) as { recipients: unknown[] }).recipients;
    expect(delayed).toMatchObject({ kind: 'delayed', status: '4.2.2' });
    const [expired] = ((await readServerReport(fixture('postfix-expired.eml'))) as { recipients: unknown[] }).recipients;
    expect(expired).toMatchObject({ kind: 'soft', status: '4.2.2', detail: '452 4.2.2 <full.box@journalists.test>: Mailbox full, try again later' });
  });

  it('reads several recipients, a base64 part, the utf-8 form (RFC 6533) and skips delivered ones', async () => {
    const fields = [
      'Reporting-MTA: dns; mx.remote.test',
      '',
      'Final-Recipient: rfc822; gone@journalists.test',
      'Action: failed',
      'Status: 5.1.1 (mailbox gone)',
      'Diagnostic-Code: smtp; 550 5.1.1 gone',
      '',
      'final-recipient: utf-8; رنا@journalists.test',
      'action: Failed',
      'status: 5.2.1',
      '',
      'Final-Recipient: rfc822; fine@journalists.test',
      'Action: delivered',
      'Status: 2.0.0',
      '',
    ].join('\r\n');
    const parsed = await readServerReport(
      report([['Content-Type: message/global-delivery-status', 'Content-Transfer-Encoding: base64', '', Buffer.from(fields).toString('base64'), '']]),
    );
    expect(parsed).toMatchObject({
      type: 'bounce',
      recipients: [
        { address: 'gone@journalists.test', kind: 'hard', status: '5.1.1', detail: '550 5.1.1 gone' },
        { address: 'رنا@journalists.test', kind: 'hard', status: '5.2.1', detail: '' },
      ],
    });
    expect(parsed.id).toMatch(/^smtp:sha256:[0-9a-f]{64}$/);
  });

  it("reads a complaint's enclosed original however it is enclosed: inline, headers only, base64, message/global", async () => {
    const fill = (name: string) =>
      Buffer.from(fixture(name).toString('utf8').replaceAll('{{RETURN_PATH}}', 'bounces+7.0123456789abcdef@bounces.nashr.test').replaceAll('{{RECIPIENT}}', 'r@journalists.test').replaceAll('{{MESSAGE_ID}}', '<delivery-7.x@nashr.test>'));
    expect(await readServerReport(fill('arf-inline-rfc822.eml'))).toMatchObject({
      id: 'smtp:<fbl-0001@fbl.mailbox.example>',
      type: 'complaint',
      feedbackType: 'abuse',
      originalMailFrom: undefined,
      originalRecipient: undefined,
      enclosed: { returnPath: 'bounces+7.0123456789abcdef@bounces.nashr.test', messageId: '<delivery-7.x@nashr.test>' },
    });
    expect(await readServerReport(fill('arf-headers-message-id.eml'))).toMatchObject({ enclosed: { returnPath: undefined, messageId: '<delivery-7.x@nashr.test>' } });
    expect(await readServerReport(fill('arf-original-fields.eml'))).toMatchObject({
      originalMailFrom: 'bounces+7.0123456789abcdef@bounces.nashr.test',
      originalRecipient: 'r@journalists.test',
    });
    const original = 'Return-Path: <bounces+8.0123456789abcdef@bounces.nashr.test>\r\nMessage-ID: <delivery-8.x@nashr.test>\r\nSubject: hi\r\n\r\nBody\r\n';
    for (const type of ['message/rfc822', 'message/global']) {
      const parsed = await readServerReport(
        report(
          [
            ['Content-Type: message/feedback-report', '', 'Feedback-Type: Abuse', 'Version: 1', ''],
            [`Content-Type: ${type}`, 'Content-Transfer-Encoding: base64', '', Buffer.from(original).toString('base64'), ''],
          ],
          'feedback-report',
        ),
      );
      expect(parsed).toMatchObject({ feedbackType: 'abuse', enclosed: { returnPath: 'bounces+8.0123456789abcdef@bounces.nashr.test', messageId: '<delivery-8.x@nashr.test>' } });
    }
  });

  it('takes damaged or empty reports without throwing', async () => {
    expect(await readServerReport(report([['Content-Type: message/delivery-status', '', '']]))).toMatchObject({ type: 'bounce', recipients: [] });
    expect(await readServerReport(report([['Content-Type: message/feedback-report', '', '']], 'feedback-report'))).toMatchObject({
      type: 'complaint',
      feedbackType: 'abuse',
      enclosed: { returnPath: undefined, messageId: undefined },
    });
    // A boundary never closed, a header block that never ends, no body at all.
    expect((await readServerReport(Buffer.from('Content-Type: multipart/report; boundary="x"\r\n\r\n--x\r\nContent-Type: message/delivery-status\r\n\r\nAction: failed'))).type).toBe('bounce');
    expect((await readServerReport(Buffer.from('Subject: hi'))).type).toBe('unknown');
    // No per-message fields (Reporting-MTA is required, but not every server writes it).
    const bare = await readServerReport(report([['Content-Type: message/delivery-status', '', 'Final-Recipient: rfc822; only@journalists.test', 'Action: failed', 'Status: 5.1.1', '']]));
    expect(bare).toMatchObject({ recipients: [{ address: 'only@journalists.test', kind: 'hard' }] });
    expect((await readServerReport(Buffer.alloc(0))).type).toBe('unknown');
  });
});
