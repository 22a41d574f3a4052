import { greeting, longDateUtc, renderLayout, type EmailLanguage, type RenderedEmail } from './layout.js';

/**
 * Mail of a brand's client approval (issue 28): the client hears that a release waits for them, and the
 * agency hears that the client returned one. Each in the reader's language. Brand, sender and release
 * names are the customer's words: shown as text, quoted, never as links; the one link needs a sign-in.
 */

export function clientApprovalRequestMessage(input: {
  language: EmailLanguage;
  firstName: string;
  senderName: string;
  brandName: string;
  title: string;
  scheduledAt: Date | null;
  link: string;
}): RenderedEmail {
  const when = input.scheduledAt ? longDateUtc(input.scheduledAt, input.language) : null;
  if (input.language === 'ar') {
    return renderLayout({
      language: 'ar',
      subject: `بانتظار موافقتك: ${input.title}`,
      preheader: `يطلب ${input.senderName} موافقتك قبل إرسال البيان باسم «${input.brandName}».`,
      greeting: greeting(input.firstName, 'ar'),
      paragraphs: [
        `يطلب ${input.senderName} موافقتك على البيان الصحفي «${input.title}» قبل إرساله باسم «${input.brandName}».`,
        when ? `سيُرسل في موعده المجدول (${when}) بعد موافقتك.` : 'سيُرسل فور موافقتك.',
      ],
      action: { label: 'مراجعة البيان', url: input.link },
      notes: ['يمكنك الموافقة عليه أو إعادته مع تعليقاتك. يلزم تسجيل الدخول.'],
    });
  }
  return renderLayout({
    subject: `Waiting for your approval: ${input.title}`,
    preheader: `${input.senderName} asks for your approval before sending for “${input.brandName}”.`,
    greeting: greeting(input.firstName),
    paragraphs: [
      `${input.senderName} asks for your approval of the press release “${input.title}” before it goes out for “${input.brandName}”.`,
      when
        ? `Once you approve it, it goes out as scheduled, at ${when}.`
        : 'It goes out as soon as you approve it.',
    ],
    action: { label: 'Review the release', url: input.link },
    notes: ['You can approve it or return it with your comments. Sign-in required.'],
  });
}

export function clientReturnedMessage(input: {
  language: EmailLanguage;
  firstName: string;
  clientName: string;
  brandName: string;
  title: string;
  comment: string;
  link: string;
}): RenderedEmail {
  if (input.language === 'ar') {
    return renderLayout({
      language: 'ar',
      subject: `أعاده العميل: ${input.title}`,
      preheader: `أعاد ${input.clientName} البيان مع تعليقات.`,
      greeting: greeting(input.firstName, 'ar'),
      paragraphs: [
        `أعاد ${input.clientName} من «${input.brandName}» البيان الصحفي «${input.title}» دون الموافقة عليه:`,
        input.comment,
      ],
      action: { label: 'فتح البيان', url: input.link },
      notes: ['عاد البيان مسودة ولم يُخصم شيء من الرصيد. عدّله ثم أرسله من جديد.'],
    });
  }
  return renderLayout({
    subject: `Returned by the client: ${input.title}`,
    preheader: `${input.clientName} returned the release with comments.`,
    greeting: greeting(input.firstName),
    paragraphs: [
      `${input.clientName} of “${input.brandName}” returned the press release “${input.title}” without approving it:`,
      input.comment,
    ],
    action: { label: 'Open the release', url: input.link },
    notes: ['It is a draft again and nothing was taken from the allowance. Edit it, then send it again.'],
  });
}
