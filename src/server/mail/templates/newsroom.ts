import { renderLayout, type RenderedEmail } from './layout.js';

/**
 * The double opt-in of following a newsroom: in the language the follower chose. Its footer says why it
 * came (the newsroom's follow form), not an account action: the reader need not have an account.
 */
export function confirmFollowMessage(input: { companyName: string; link: string; language: string }): RenderedEmail {
  if (input.language === 'arabic') {
    return renderLayout({
      subject: `أكّد متابعة غرفة أخبار ${input.companyName}`,
      preheader: 'رابط لتأكيد متابعتك عبر البريد الإلكتروني.',
      greeting: 'مرحبًا،',
      paragraphs: [
        `طُلبت متابعة غرفة أخبار ${input.companyName} على نشر بهذا العنوان. بعد التأكيد تصلك بياناتها الصحفية القادمة بالعربية.`,
        'يمكنك إلغاء المتابعة في أي وقت من رابط أسفل كل رسالة.',
      ],
      action: { label: 'تأكيد المتابعة', url: input.link },
      notes: ['إن لم تطلب ذلك فتجاهل هذه الرسالة: لن يصلك شيء.'],
      language: 'ar',
      reason: `وصلتك هذه الرسالة لأن هذا العنوان أُدخل في نموذج المتابعة على غرفة أخبار ${input.companyName}.`,
    });
  }
  return renderLayout({
    subject: `Confirm that you follow ${input.companyName}'s newsroom`,
    preheader: 'A link to confirm that you follow this newsroom by email.',
    greeting: 'Hello,',
    paragraphs: [
      `Someone asked to follow ${input.companyName}'s newsroom on Nashr at this address. Once you confirm, its next press releases reach you in English.`,
      'You can stop following at any time with the link at the foot of every email.',
    ],
    action: { label: 'Confirm following', url: input.link },
    notes: ['If you did not ask for this, ignore this email: nothing will be sent to you.'],
    reason: `You received this email because this address was entered in the follow form of ${input.companyName}'s newsroom.`,
  });
}
