import { zoneName } from './time-zones.js';

/**
 * An embargo a journalist can agree to (issue 37, decision 027). Journalists who accept embargoes (or are
 * accredited) get an embargoed release at once; the others on the lists are sent a short notice and get the
 * release the moment they agree on the notice's page, or at the lift.
 */

/**
 * Who of the chosen lists gets an embargoed release when (`Preflight.embargo`, `GET …/embargo`).
 * - `now`: accept embargoes or are accredited: the release goes to them at the send.
 * - `asked`: would get it but for the embargo: they are sent the notice.
 * - `atLift`: of those asked, the ones still waiting for the lift (they have not agreed). Before the send
 *   nobody has agreed yet, so `atLift` equals `asked`: the same people, counted twice on purpose. After the
 *   send both are counted from the deliveries, and `agreed` says how many took the release from the notice.
 */
export type EmbargoAudience = { now: number; asked: number; atLift: number; agreed?: number };

type Language = 'english' | 'arabic';

const ENGLISH_MONTHS = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });
const ARABIC_MONTHS = new Intl.DateTimeFormat('ar-EG-u-ca-gregory-nu-latn', { month: 'long', timeZone: 'UTC' });

/** "09:00, 1 December 2030 (Riyadh)" / "09:00، 1 ديسمبر 2030 (الرياض)": the lift on the wall of `timeZone`. */
export function liftTimeText(until: string | Date, timeZone: string, language: Language): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(until))
      .map((p) => [p.type, p.value]),
  );
  const month = (language === 'arabic' ? ARABIC_MONTHS : ENGLISH_MONTHS).format(new Date(Date.UTC(2000, Number(parts.month) - 1, 15)));
  const time = `${parts.hour}:${parts.minute}`;
  return language === 'arabic'
    ? `${time}، ${Number(parts.day)} ${month} ${parts.year} (${zoneName(timeZone, 'ar')})`
    : `${time}, ${Number(parts.day)} ${month} ${parts.year} (${zoneName(timeZone, 'en')})`;
}

/** What the notice e-mail and its page say, in the journalist's language. `{brand}` etc. are filled by `fill`. */
export const EMBARGO_WORDS = {
  english: {
    subjectTitled: 'Embargoed press release from {brand}: {title}',
    subjectUntitled: 'An embargoed press release from {brand}',
    aboutTitled: '{brand} has an embargoed press release for you: “{title}”.',
    aboutUntitled: '{brand} has a press release for you that is under embargo.',
    lift: 'It may be published from {lift}.',
    ask: 'Agree to hold it until then and it is sent to you at once. If you do not, it reaches you when the embargo lifts.',
    agree: 'Agree to hold it until then',
    reason: 'You received this notice because you are listed as a media contact and have not told us you accept embargoes.',
    unsubscribe: 'Unsubscribe',
    preferences: 'Your preferences',
    pageTitle: 'Embargoed press release',
    terms: 'By agreeing you undertake not to publish, broadcast or share this press release or anything in it before {lift}.',
    fromNowOn: 'Accept embargoes from now on: send me embargoed releases straight away in future.',
    thisOnly: 'Without this, you agree to this press release only.',
    agreed: 'Thank you. The press release is on its way to you at {email}.',
    agreedBefore: 'You agreed on {when}. The press release was sent to you at {email}.',
    notSent: 'Thank you. Your agreement is recorded, but this press release cannot be sent to this address any more.',
    lifted: 'The embargo has lifted: this press release is public now.',
    read: 'Read the press release',
    badLink: 'This link is not valid.',
  },
  arabic: {
    subjectTitled: 'بيان صحفي محظور النشر من {brand}: {title}',
    subjectUntitled: 'بيان صحفي محظور النشر من {brand}',
    aboutTitled: 'لدى {brand} بيان صحفي محظور النشر لك: «{title}».',
    aboutUntitled: 'لدى {brand} بيان صحفي لك محظور النشر.',
    lift: 'يمكن نشره اعتبارًا من {lift}.',
    ask: 'وافق على الالتزام بالحظر حتى ذلك الحين ليُرسل إليك فورًا. وإن لم توافق، يصلك عند رفع الحظر.',
    agree: 'أوافق على الالتزام بالحظر حتى ذلك الحين',
    reason: 'تلقيت هذا الإشعار لأنك مدرج كجهة اتصال إعلامية ولم تخبرنا بأنك تقبل البيانات المحظورة النشر.',
    unsubscribe: 'إلغاء الاشتراك',
    preferences: 'تفضيلاتك',
    pageTitle: 'بيان صحفي محظور النشر',
    terms: 'بموافقتك تتعهد بألا تنشر هذا البيان الصحفي أو تبثه أو تشاركه، ولا أي شيء منه، قبل {lift}.',
    fromNowOn: 'أقبل حظر النشر من الآن: أرسلوا إليّ البيانات المحظورة النشر فورًا في المستقبل.',
    thisOnly: 'من دون ذلك، تقتصر موافقتك على هذا البيان الصحفي.',
    agreed: 'شكرًا لك. البيان الصحفي في طريقه إليك على {email}.',
    agreedBefore: 'وافقت في {when}. أُرسل إليك البيان الصحفي على {email}.',
    notSent: 'شكرًا لك. سُجّلت موافقتك، لكن لم يعد بالإمكان إرسال هذا البيان الصحفي إلى هذا العنوان.',
    lifted: 'رُفع الحظر: أصبح هذا البيان الصحفي متاحًا للعموم الآن.',
    read: 'اقرأ البيان الصحفي',
    badLink: 'هذا الرابط غير صالح.',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type EmbargoWord = keyof (typeof EMBARGO_WORDS)['english'];

/** A phrase of `language` with its `{placeholders}` filled (values as given: escape them for HTML first). */
export function embargoText(language: Language, word: EmbargoWord, values: Record<string, string> = {}): string {
  return EMBARGO_WORDS[language][word].replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}
