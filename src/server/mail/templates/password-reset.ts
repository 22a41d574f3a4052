import { greeting, renderLayout, type EmailLanguage, type RenderedEmail } from './layout.js';

export function passwordResetMessage(input: { firstName: string; link: string; validMinutes: number; language: EmailLanguage }): RenderedEmail {
  if (input.language === 'ar') {
    return renderLayout({
      language: 'ar',
      subject: 'إعادة تعيين كلمة المرور في نشر',
      preheader: 'رابط لاختيار كلمة مرور جديدة لحسابك في نشر.',
      greeting: greeting(input.firstName, 'ar'),
      paragraphs: [
        'تلقّينا طلبًا لإعادة تعيين كلمة المرور لحسابك في نشر. اختر كلمة مرور جديدة من خلال الزر أدناه.',
        'عند تعيين كلمة مرور جديدة، يُسجَّل خروج كل الأجهزة المتصلة بحسابك.',
      ],
      action: { label: 'اختيار كلمة مرور جديدة', url: input.link },
      notes: [
        `هذا الرابط صالح لمدة ${input.validMinutes} دقيقة ويُستخدم مرة واحدة.`,
        'إذا لم تطلب كلمة مرور جديدة، فيمكنك تجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
      ],
    });
  }
  return renderLayout({
    subject: 'Reset your Nashr password',
    preheader: 'A link to choose a new password for your Nashr account.',
    greeting: greeting(input.firstName),
    paragraphs: [
      'We received a request to reset the password of your Nashr account. Choose a new password with the button below.',
      'When you set a new password, every device signed in to your account is signed out.',
    ],
    action: { label: 'Choose a new password', url: input.link },
    notes: [
      `This link is valid for ${input.validMinutes} minutes and can be used once.`,
      'If you did not ask for a new password, you can ignore this email: your password stays as it is.',
    ],
  });
}
