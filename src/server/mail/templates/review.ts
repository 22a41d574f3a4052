import { greeting, longDateUtc, renderLayout, type EmailLanguage, type RenderedEmail } from './layout.js';

/** Mail of editorial review: the customer hears of each decision; editors hear of new work. Each in the reader's language. */

type Decided = { firstName: string; title: string; link: string; language: EmailLanguage };

/** The "clear time": when distribution started and to how many journalists. */
export function approvedMessage(
  input: Decided & { startedAt: Date | null; scheduledAt: Date | null; recipients: number; scheduleHadPassed: boolean },
): RenderedEmail {
  const when = (date: Date) => longDateUtc(date, input.language);
  if (input.language === 'ar') {
    const paragraphs = input.startedAt
      ? [
          `تمت الموافقة على بيانك الصحفي «${input.title}» وبدأ توزيعه في ${when(input.startedAt)} (عدد الصحفيين المستلمين: ${input.recipients}).`,
          ...(input.scheduleHadPassed ? ['كان موعده المجدول قد فات عند الموافقة عليه، لذا أُرسل فورًا.'] : []),
        ]
      : [`تمت الموافقة على بيانك الصحفي «${input.title}». سيُرسل في موعده المجدول: ${when(input.scheduledAt!)}.`];
    return renderLayout({
      language: 'ar',
      subject: `تمت الموافقة: ${input.title}`,
      preheader: input.startedAt ? 'بدأ التوزيع.' : 'سيُرسل في موعده المجدول.',
      greeting: greeting(input.firstName, 'ar'),
      paragraphs,
      action: { label: 'متابعة نتائجه', url: input.link },
      notes: ['تظهر مرات الفتح والنقر والتنزيل في صفحة البيان فور حدوثها.'],
    });
  }
  const paragraphs = input.startedAt
    ? [
        `Your press release “${input.title}” was approved and distribution started at ${when(input.startedAt)} to ${input.recipients} journalists.`,
        ...(input.scheduleHadPassed ? ['Its scheduled time had passed by the time it was approved, so it went out at once.'] : []),
      ]
    : [`Your press release “${input.title}” was approved. It will go out as scheduled, at ${when(input.scheduledAt!)}.`];
  return renderLayout({
    subject: `Approved: ${input.title}`,
    preheader: input.startedAt ? 'Distribution has started.' : 'It will go out at its scheduled time.',
    greeting: greeting(input.firstName),
    paragraphs,
    action: { label: 'Follow its results', url: input.link },
    notes: ['Opens, clicks and downloads appear on the release page as they happen.'],
  });
}

export function changesRequestedMessage(input: Decided & { comment: string }): RenderedEmail {
  if (input.language === 'ar') {
    return renderLayout({
      language: 'ar',
      subject: `مطلوب تعديلات: ${input.title}`,
      preheader: 'طلب أحد المحررين تعديلات قبل إرساله.',
      greeting: greeting(input.firstName, 'ar'),
      paragraphs: [`طلب محررنا تعديلات على بيانك الصحفي «${input.title}» قبل إرساله:`, input.comment],
      action: { label: 'التعديل وإعادة الإرسال', url: input.link },
      notes: ['يبقى رصيد البيان الصحفي محجوزًا له بينما تُجري التعديلات.'],
    });
  }
  return renderLayout({
    subject: `Changes requested: ${input.title}`,
    preheader: 'An editor asked for changes before it goes out.',
    greeting: greeting(input.firstName),
    paragraphs: [`Our editor asked for changes to your press release “${input.title}” before it goes out:`, input.comment],
    action: { label: 'Edit and resubmit', url: input.link },
    notes: ['Your press release stays reserved for it while you make the changes.'],
  });
}

export function rejectedMessage(input: Decided & { reason: string }): RenderedEmail {
  if (input.language === 'ar') {
    return renderLayout({
      language: 'ar',
      subject: `لم تتم الموافقة: ${input.title}`,
      preheader: 'تعذّر على أحد المحررين الموافقة على توزيعه.',
      greeting: greeting(input.firstName, 'ar'),
      paragraphs: [`تعذّر على محررنا الموافقة على توزيع بيانك الصحفي «${input.title}»:`, input.reason],
      action: { label: 'فتح بياناتك الصحفية', url: input.link },
      notes: ['أُعيد إلى حسابك رصيد البيان الصحفي الذي كان محجوزًا له.'],
    });
  }
  return renderLayout({
    subject: `Not approved: ${input.title}`,
    preheader: 'An editor could not approve it for distribution.',
    greeting: greeting(input.firstName),
    paragraphs: [`Our editor could not approve your press release “${input.title}” for distribution:`, input.reason],
    action: { label: 'Open your press releases', url: input.link },
    notes: ['The press release it held has been returned to your account.'],
  });
}

export function reviewQueueAlertMessage(input: { firstName: string; waiting: number; link: string; language: EmailLanguage }): RenderedEmail {
  if (input.language === 'ar') {
    return renderLayout({
      language: 'ar',
      subject: `قائمة المراجعة: ${input.waiting} بانتظار المراجعة`,
      preheader: 'يتوقع العملاء بدء التوزيع خلال 30 دقيقة من الموافقة.',
      greeting: greeting(input.firstName, 'ar'),
      paragraphs: [`عدد البيانات الصحفية التي تنتظر المراجعة: ${input.waiting}.`],
      action: { label: 'فتح قائمة المراجعة', url: input.link },
      notes: ['تصلك رسالة واحدة من هذا النوع على الأكثر كل بضع دقائق.'],
    });
  }
  const releases = input.waiting === 1 ? '1 press release is' : `${input.waiting} press releases are`;
  return renderLayout({
    subject: `Review queue: ${releases} waiting`,
    preheader: 'Customers expect distribution within 30 minutes of approval.',
    greeting: greeting(input.firstName),
    paragraphs: [`${releases} waiting for review.`],
    action: { label: 'Open the review queue', url: input.link },
    notes: ['You receive at most one of these every few minutes.'],
  });
}
