import { greeting, renderLayout, type EmailLanguage, type RenderedEmail } from './layout.js';

/** Goes to the address a registration gave, not proven yet: like the change confirmation, without the registrant's name. */
export function verifyEmailMessage(input: { link: string; validHours: number; language: EmailLanguage }): RenderedEmail {
  if (input.language === 'ar') {
    return renderLayout({
      language: 'ar',
      subject: 'تأكيد بريدك الإلكتروني في نشر',
      preheader: 'نقرة واحدة لتفعيل حسابك في نشر.',
      greeting: greeting('', 'ar'),
      paragraphs: [
        'شكرًا لإنشائك حسابًا في نشر. يُرجى تأكيد أن هذا عنوان بريدك الإلكتروني لتتمكن من تسجيل الدخول والبدء بتوزيع بياناتك الصحفية في أنحاء الشرق الأوسط وشمال أفريقيا.',
      ],
      action: { label: 'تأكيد البريد الإلكتروني', url: input.link },
      notes: [`هذا الرابط صالح لمدة ${input.validHours} ساعة ويُستخدم مرة واحدة.`, 'إذا لم تُنشئ حسابًا في نشر، فيمكنك تجاهل هذه الرسالة.'],
    });
  }
  return renderLayout({
    subject: 'Verify your email address for Nashr',
    preheader: 'One click to activate your Nashr account.',
    greeting: greeting(''),
    paragraphs: [
      'Thank you for creating a Nashr account. Please confirm that this is your email address so that you can sign in and start distributing your press releases across the Middle East and North Africa.',
    ],
    action: { label: 'Verify email address', url: input.link },
    notes: [
      `This link is valid for ${input.validHours} hours and can be used once.`,
      'If you did not create a Nashr account, you can ignore this email.',
    ],
  });
}
