import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Issue 37: an Arabic reader's account mail names Nashr in Arabic: From "نشر" at MAIL_FROM's address (as
 * encoded words in the header), the frame's name and the first line of the text; an English reader's as before.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

async function resetMailOf(language: 'en' | 'ar') {
  const user = await t.signInAs(`reader-${language}`, { language });
  const from = t.smtp.messages.length;
  const res = await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
  expect(res.statusCode).toBeLessThan(300);
  return t.smtp.waitForMail((m) => m.envelopeTo.includes(user.email), from);
}

describe('an account e-mail', () => {
  it('comes from نشر, in Arabic throughout, to an Arabic reader', async () => {
    const mail = await resetMailOf('ar');
    expect(mail.parsed.from?.value).toEqual([{ name: 'نشر', address: 'releases@localhost' }]);
    const header = /^From: (.*)$/m.exec(mail.raw.toString('latin1'))![1];
    expect(header).toMatch(/^=\?UTF-8\?[BQ]\?.*\?= <releases@localhost>$/i);
    expect(mail.parsed.subject).toBe('إعادة تعيين كلمة المرور في نشر');
    expect(mail.parsed.text?.split('\n')[0]).toBe('نشر - توزيع البيانات الصحفية في الشرق الأوسط وشمال أفريقيا');
    expect(String(mail.parsed.html)).not.toContain('>Nashr<');
  });

  it('comes from Nashr to an English reader', async () => {
    const mail = await resetMailOf('en');
    expect(mail.parsed.from?.value).toEqual([{ name: 'Nashr', address: 'releases@localhost' }]);
    expect(mail.parsed.subject).toBe('Reset your Nashr password');
    expect(mail.parsed.text?.split('\n')[0]).toBe('Nashr - Premium PR Distribution - MENA');
  });
});
