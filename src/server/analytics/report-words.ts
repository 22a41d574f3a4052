import { RECIPIENT_STATUS_WORDS, VERSION_WORDS } from '../../shared/releases.js';
import { countryIn } from '../../shared/country-codes.js';
import type { ReportLanguage } from '../common/csv.js';

/** The CSV reports' words in the reader's language (the `lang` of the request). */
const ARABIC = {
  columns: ['الاسم', 'المؤسسة', 'الدولة', 'اللغة', 'البريد الإلكتروني', 'النسخة المرسلة', 'الحالة', 'المحاولات', 'الارتدادات المؤقتة', 'وقت الإرسال', 'أول فتح', 'مرات الفتح', 'النقرات', 'التنزيلات', 'ألغى الاشتراك', 'ردّ', 'آخر نشاط', 'آخر خطأ'],
  coverageColumns: ['التغطية: المؤسسة', 'الدولة', 'اللغة', 'العنوان', 'الرابط', 'وقت النشر', 'النوع', 'المصدر', 'مقتطف'],
  status: { queued: 'في الانتظار', sending: 'قيد الإرسال', sent: 'تم التسليم', bounced: 'مرتد', complained: 'شكوى', failed: 'فشل' } as Record<string, string>,
  version: { english: 'الإنجليزية', arabic: 'العربية' } as Record<string, string>,
  yes: 'نعم',
  no: 'لا',
  coverageKind: { verbatim: 'حرفي', earned: 'مكتسب', unverified: 'غير مؤكد' } as Record<string, string>,
  manual: 'أضيف يدويًا',
  feed: 'موجز',
  /** The brand report (issue 28): a row per release, then the totals. */
  brandColumns: ['البيان', 'وقت الإرسال', 'المستلمون', 'تم التسليم', 'مرات الفتح (أشخاص)', 'النقرات', 'التنزيلات', 'الردود', 'معدل الرد', 'مقالات حرفية', 'مقالات مكتسبة'],
  total: 'المجموع',
};

const ENGLISH: typeof ARABIC = {
  columns: ['Name', 'Outlet', 'Country', 'Language', 'Email', 'Version sent', 'Status', 'Attempts', 'Soft Bounces', 'Sent At', 'First Open At', 'Opens', 'Clicks', 'Downloads', 'Unsubscribed', 'Replied', 'Last Activity', 'Last Error'],
  coverageColumns: ['Coverage: Outlet', 'Country', 'Language', 'Headline', 'Address', 'Published At', 'Kind', 'Source', 'Excerpt'],
  status: RECIPIENT_STATUS_WORDS,
  version: VERSION_WORDS,
  yes: 'Yes',
  no: 'No',
  coverageKind: { verbatim: 'Verbatim', earned: 'Earned', unverified: 'Not confirmed' },
  manual: 'Added by hand',
  feed: 'Feed',
  brandColumns: ['Release', 'Sent At', 'Recipients', 'Delivered', 'Human Opens', 'Clicks', 'Downloads', 'Replies', 'Reply Rate', 'Verbatim Articles', 'Earned Articles'],
  total: 'Total',
};

/** Columns that hold times name the reader's zone after their word. */
const TIME_COLUMNS = new Set([9, 10, 16]);
const COVERAGE_TIME_COLUMN = 5;
const BRAND_TIME_COLUMN = 1;

export function reportWords(language: ReportLanguage, timeZone: string) {
  const words = language === 'ar' ? ARABIC : ENGLISH;
  const zone = `(${timeZone})`;
  return {
    ...words,
    columns: words.columns.map((c, i) => (TIME_COLUMNS.has(i) ? `${c} ${zone}` : c)),
    coverageColumns: words.coverageColumns.map((c, i) => (i === COVERAGE_TIME_COLUMN ? `${c} ${zone}` : c)),
    brandColumns: words.brandColumns.map((c, i) => (i === BRAND_TIME_COLUMN ? `${c} ${zone}` : c)),
    country: (stored: string | null) => (stored && language === 'ar' ? countryIn('ar', stored) : stored),
  };
}
