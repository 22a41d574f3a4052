import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Every visible string lives in src/client/i18n/{en,ar}/<namespace>.json (one namespace per feature,
 * plus `common`). Files named messages*.json together form the `messages` namespace: a map from the
 * English text of a validation or server message to its translation (see translateMessage).
 */

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'nashr-language';

const files = import.meta.glob<Record<string, unknown>>('../i18n/*/*.json', { eager: true, import: 'default' });

function buildResources() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = { en: {}, ar: {} };
  for (const [file, content] of Object.entries(files)) {
    const match = /\/i18n\/(en|ar)\/([\w-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lang, name] = match;
    const ns = name.startsWith('messages') ? 'messages' : name;
    resources[lang][ns] = { ...(resources[lang][ns] ?? {}), ...content };
  }
  return resources;
}

function initialLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_STORAGE_KEY) : null;
  if (stored === 'en' || stored === 'ar') return stored;
  return typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

export function applyDocumentLanguage(lang: Language): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
}

void i18n.use(initReactI18next).init({
  resources: buildResources(),
  lng: initialLanguage(),
  fallbackLng: 'en',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyDocumentLanguage(i18n.language as Language);
i18n.on('languageChanged', (lang) => applyDocumentLanguage(lang as Language));

export function setLanguage(lang: Language): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  void i18n.changeLanguage(lang);
}

/** Translates an English message text (from a shared zod schema or the server); unknown texts pass through. */
export function translateMessage(message: string | undefined): string {
  if (!message) return '';
  return i18n.t(message, { ns: 'messages', keySeparator: false, nsSeparator: false, defaultValue: message });
}

/** The locale for dates and numbers: Arabic with Latin digits reads best for dates in this product's market. */
export function currentLocale(): string {
  return i18n.language === 'ar' ? 'ar-EG-u-nu-latn' : 'en-US';
}

export function formatDate(value: string | number | Date, withTime = false): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(currentLocale(), withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'long' }).format(date);
}

export function formatTime(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(currentLocale(), { timeStyle: 'short' }).format(date);
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(currentLocale()).format(value);
}

export default i18n;
