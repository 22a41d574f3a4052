import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { classify, returnDateIn, type InboundFacts } from './classify.js';
import { classifyParsed } from './intake.js';
import { newTextOf } from './reply-text.js';
import { REPLY_FIXTURES, type ReplyContext } from './fixtures/mail-clients.js';

const context: ReplyContext = {
  to: 'r-12.0123456789abcdef@reply.nashr.test',
  from: 'sara@gulfdaily.test',
  fromName: 'Sara Ali',
  subject: 'Riyadh Foods opens its third plant',
  messageId: '<delivery-12.8f0e2c1a-1b2c-4d5e-8f90-a1b2c3d4e5f6@nashr.test>',
  quotedFrom: 'Lina Haddad via Riyadh Foods <r-12.0123456789abcdef@reply.nashr.test>',
};
const ARRIVED = new Date('2026-12-02T06:15:00Z');

describe('what a reply is, as mail clients write them', () => {
  it.each(REPLY_FIXTURES.map((f) => [f.name, f] as const))('%s', async (_name, fixture) => {
    const parsed = await simpleParser(Buffer.from(fixture.build(context)));
    const { classification, newText } = classifyParsed(parsed, false, ARRIVED);
    expect(classification.kind).toBe(fixture.kind);
    expect(classification.returnDate).toBe(fixture.returnDate);
    if (fixture.newAddress) expect(classification.newAddress).toBe(fixture.newAddress);
    if (fixture.newText) {
      expect(newText).toContain(fixture.newText);
      // The quoted release and the quote header stay out of the new text.
      expect(newText).not.toMatch(/third plant|مصنعها الثالث|wrote:|كتب|بواسطة|From:|من:|@reply\.nashr\.test/);
    }
  });

  const facts = (over: Partial<InboundFacts>): InboundFacts => ({
    headers: {},
    subject: 'Re: Riyadh Foods',
    newText: 'Thanks, interesting.',
    text: 'Thanks, interesting.',
    from: 'sara@gulfdaily.test',
    isReport: false,
    receivedAt: ARRIVED,
    ...over,
  });

  it('a report or a mailer daemon is a bounce, handed to the bounce path', () => {
    expect(classify(facts({ isReport: true })).kind).toBe('bounce');
    expect(classify(facts({ from: 'MAILER-DAEMON@mx.gulfdaily.test', subject: 'Undelivered Mail Returned to Sender' })).kind).toBe('bounce');
  });

  it('Auto-Submitted: no and an ordinary Precedence are a person writing', () => {
    expect(classify(facts({ headers: { 'auto-submitted': 'no' } })).kind).toBe('reply');
    expect(classify(facts({ headers: { precedence: 'first-class' } })).kind).toBe('reply');
    expect(classify(facts({ headers: { precedence: 'junk' } })).kind).toBe('auto_reply');
    expect(classify(facts({ headers: { 'x-auto-response-suppress': 'OOF' } })).kind).toBe('auto_reply');
  });

  it('an out-of-office subject in either language is automatic', () => {
    for (const subject of ['Out of Office: launch', 'Automatic reply: launch', 'Auto: launch', 'رد تلقائي: الإطلاق', 'خارج المكتب', 'AutoReply'])
      expect(classify(facts({ subject })).kind, subject).toBe('auto_reply');
  });

  it('reads return dates as people write them, a day without a year being the next such day', () => {
    expect(returnDateIn('back on 3 January', ARRIVED)).toBe('2027-01-03');
    expect(returnDateIn('until Dec 20th', ARRIVED)).toBe('2026-12-20');
    expect(returnDateIn('until 20/12/2026', ARRIVED)).toBe('2026-12-20');
    expect(returnDateIn('returning 2026-12-21', ARRIVED)).toBe('2026-12-21');
    expect(returnDateIn('سأعود يوم الأحد ٢٠ ديسمبر', ARRIVED)).toBe('2026-12-20');
    expect(returnDateIn('حتى 5 كانون الثاني 2027', ARRIVED)).toBe('2027-01-05');
    expect(returnDateIn('until 31 February 2027', ARRIVED)).toBeUndefined();
    expect(returnDateIn('I am travelling', ARRIVED)).toBeUndefined();
  });

  it('keeps the words of a reply that quotes nothing, and cuts an Arabic phone signature', () => {
    expect(newTextOf('Yes, please.')).toBe('Yes, please.');
    expect(newTextOf('نعم، أرسلوا الصور.\n\nأُرسلت من الـ iPhone الخاص بي')).toBe('نعم، أرسلوا الصور.');
  });
});
