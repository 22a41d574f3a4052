import { greeting, renderLayout, type EmailLanguage, type RenderedEmail } from './layout.js';

/** The way into an account locked by failed sign-ins: one click, no password. */
export function signInLinkMessage(input: { firstName: string; link: string; validMinutes: number; language: EmailLanguage }): RenderedEmail {
  if (input.language === 'ar') {
    return renderLayout({
      language: 'ar',
      subject: 'رابط تسجيل الدخول إلى نشر',
      preheader: 'نقرة واحدة لتسجيل الدخول إلى حسابك في نشر دون كلمة مرور.',
      greeting: greeting(input.firstName, 'ar'),
      paragraphs: [
        'طُلب رابط لتسجيل الدخول إلى حسابك في نشر، ربما لأن محاولات دخول فاشلة كثيرة أوقفت تسجيل الدخول بكلمة المرور مؤقتًا.',
        'سجّل الدخول بالزر أدناه.',
      ],
      action: { label: 'تسجيل الدخول', url: input.link },
      notes: [
        `هذا الرابط صالح لمدة ${input.validMinutes} دقيقة ويُستخدم مرة واحدة.`,
        'إن لم تطلبه، فتجاهل هذه الرسالة، وفكّر في تغيير كلمة مرورك: ربما يحاول أحدهم تخمينها.',
      ],
    });
  }
  return renderLayout({
    subject: 'Your Nashr sign-in link',
    preheader: 'One click to sign in to your Nashr account without a password.',
    greeting: greeting(input.firstName),
    paragraphs: [
      'A link to sign in to your Nashr account was requested, perhaps because many failed attempts paused signing in with the password for a while.',
      'Sign in with the button below.',
    ],
    action: { label: 'Sign in', url: input.link },
    notes: [
      `This link is valid for ${input.validMinutes} minutes and can be used once.`,
      'If you did not ask for it, ignore this email, and consider changing your password: someone may be trying to guess it.',
    ],
  });
}
