import { describe, expect, it } from 'vitest';
import { embargoNotice, renderEmail } from './email-template.js';

/** The embargo notice (issue 30): the lift in the zone it was entered in, named in the reader's language. */
describe('the embargo notice', () => {
  it('shows the lift in its own zone, daylight saving included, with the zone named in English and Arabic', () => {
    const riyadh = { until: '2026-12-01T06:00:00Z', timeZone: 'Asia/Riyadh' };
    expect(embargoNotice(riyadh, 'english')).toBe('EMBARGOED UNTIL 09:00, 1 December 2026 (Riyadh)');
    expect(embargoNotice(riyadh, 'arabic')).toBe('محظور النشر حتى 09:00، 1 ديسمبر 2026 (الرياض)');
    // Cairo keeps summer time (UTC+3 in July, UTC+2 in January); London is named by its city.
    expect(embargoNotice({ until: '2026-07-15T07:30:00Z', timeZone: 'Africa/Cairo' }, 'english')).toBe('EMBARGOED UNTIL 10:30, 15 July 2026 (Cairo)');
    expect(embargoNotice({ until: '2026-01-15T07:30:00Z', timeZone: 'Africa/Cairo' }, 'arabic')).toBe('محظور النشر حتى 09:30، 15 يناير 2026 (القاهرة)');
    expect(embargoNotice({ until: '2026-06-30T23:05:00Z', timeZone: 'Europe/London' }, 'english')).toBe('EMBARGOED UNTIL 00:05, 1 July 2026 (London)');
  });

  it('leads the subject and replaces "For immediate release"; a half-typed embargo shows nothing', () => {
    const release = { title: 'A title', content: '<p>Text</p>', language: 'english' };
    const embargoed = renderEmail({ ...release, embargo: { until: '2026-12-01T06:00:00Z', timeZone: 'Asia/Dubai' } });
    expect(embargoed.subject).toBe('EMBARGOED UNTIL 10:00, 1 December 2026 (Abu Dhabi / Dubai): A title');
    expect(embargoed.html).not.toContain('FOR IMMEDIATE RELEASE');
    for (const embargo of [{ until: '', timeZone: 'Asia/Dubai' }, { until: '2026-12-01T06:00:00Z', timeZone: 'Nowhere/Else' }, null]) {
      const plain = renderEmail({ ...release, embargo });
      expect(plain.subject).toBe('A title');
      expect(plain.text.split('\n')[0]).toBe('FOR IMMEDIATE RELEASE');
    }
  });
});
