/**
 * The reader's own zone, as the browser reports it; UTC when it reports none. Apart from zoned-time, which
 * loads the translations, so that the editor's form logic runs in tests without a document.
 */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** What a CSV report is asked with: its times in the reader's zone, its words in the reader's language. */
export const readerReportQuery = (language: string) => ({ tz: browserTimeZone(), lang: language === 'ar' ? 'ar' : 'en' });
