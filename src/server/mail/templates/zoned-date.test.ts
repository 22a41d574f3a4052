import { describe, expect, it } from 'vitest';
import { longDateIn } from './zoned-date.js';
import { invitationMessage } from './workspace.js';

const at = new Date('2026-05-13T12:00:00Z');

describe("a moment on the reader's clock", () => {
  it('says it in the zone, and names the zone, in English and Arabic', () => {
    expect(longDateIn(at, 'en', 'Asia/Riyadh')).toBe('13 May 2026 at 15:00 (Riyadh time)');
    expect(longDateIn(at, 'ar', 'Asia/Riyadh')).toBe('13 مايو 2026 في 3:00 م (بتوقيت الرياض)');
    expect(longDateIn(at, 'en', 'Asia/Dubai')).toContain('16:00 (Abu Dhabi / Dubai time)');
  });

  it('says UTC, as such, when the reader has told no zone', () => {
    expect(longDateIn(at, 'en', null)).toBe('13 May 2026 at 12:00 UTC');
  });

  it("gives an invitation's expiry on the inviter's clock", () => {
    const mail = invitationMessage({ language: 'en', workspaceName: 'Najd PR', inviterName: 'Sara', role: 'writer', link: 'https://nashr.test/i', expiresAt: at, timeZone: 'Asia/Riyadh' });
    expect(mail.text).toContain('until 13 May 2026 at 15:00 (Riyadh time)');
    expect(mail.text).not.toContain('UTC');
  });
});
