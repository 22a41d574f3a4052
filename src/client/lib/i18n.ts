import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from './language-key';

/**
 * Every visible string lives in src/client/i18n/{en,ar}/<namespace>.json (one namespace per feature,
 * plus `common`). Files named messages*.json together form the `messages` namespace: a map from the
 * English text of a validation or server message to its translation (see translateMessage).
 * Namespaces load on demand; a component whose namespace is not loaded yet suspends (react-i18next)
 * and the page's Suspense boundary shows its spinner meanwhile.
 */

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY };

// One chunk per file, fetched when a page first needs its namespace in the current language: a visitor
// to the landing page downloads the common and public texts of one language, not all 30 files.
const files = import.meta.glob<Record<string, unknown>>('../i18n/*/*.json', { import: 'default' });

/**
 * The `messages` namespace in two parts. Its common part is what any page may show of a server answer: the
 * server's sentences (messages.json), every error code (messages-errors.json) and the role names a refusal
 * names (messages-workspaces.json). The other files hold the validation texts of each feature's forms; they
 * join the namespace once a page with forms asks for them (loadPageTexts), and from then on in every
 * language the namespace is loaded in, so a language switch keeps them.
 */
const COMMON_MESSAGE_FILES = new Set(['messages', 'messages-errors', 'messages-workspaces']);
let formMessagesWanted = false;

function namespaceOf(file: string): { lang: string; ns: string; formMessages: boolean } | null {
  const match = /\/i18n\/(en|ar)\/([\w-]+)\.json$/.exec(file);
  if (!match) return null;
  const [, lang, name] = match;
  const isMessages = name.startsWith('messages');
  return { lang, ns: isMessages ? 'messages' : name, formMessages: isMessages && !COMMON_MESSAGE_FILES.has(name) };
}

async function loadNamespace(lang: string, ns: string): Promise<Record<string, unknown>> {
  const parts = Object.entries(files)
    .filter(([file]) => {
      const found = namespaceOf(file);
      return found?.lang === lang && found.ns === ns && (!found.formMessages || formMessagesWanted);
    })
    .map(([, load]) => load());
  return Object.assign({}, ...(await Promise.all(parts)));
}

/** Which `messages` a page needs: with its forms' validation texts, only what a server answer may say, or none. */
export type PageMessages = 'forms' | 'answers' | 'none';

/**
 * Loads a page's texts in the current language, side by side with its code (app/routes.tsx): its
 * namespaces and the part of `messages` it needs. A namespace a component reads beyond these still loads
 * when the component first renders (it suspends meanwhile), so a list that falls short costs time, never
 * a raw key.
 */
export async function loadPageTexts(namespaces: readonly string[], messages: PageMessages): Promise<void> {
  await i18nReady;
  const wanted = messages === 'none' ? [...namespaces] : [...namespaces, 'messages'];
  if (messages === 'forms' && !formMessagesWanted) {
    formMessagesWanted = true;
    // Loaded already without the forms' part (an earlier page showed only answers): fetched again whole.
    if (i18n.hasResourceBundle(i18n.language, 'messages')) await i18n.reloadResources([i18n.language], ['messages']);
  }
  await i18n.loadNamespaces(wanted);
}

function cookieLanguage(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
}

function initialLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_STORAGE_KEY) : null;
  if (stored === 'en' || stored === 'ar') return stored;
  const chosen = cookieLanguage();
  if (chosen === 'en' || chosen === 'ar') return chosen;
  return typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

export function applyDocumentLanguage(lang: Language): void {
  // Rendered ahead of time (the public pages' static copies) there is no document; the page's <html> says it.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
}

/** Resolves once the first screen's common texts are loaded; main.tsx renders after it. */
export const i18nReady = i18n
  .use(resourcesToBackend(loadNamespace))
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    supportedLngs: LANGUAGES,
    // Both languages hold every key (i18n.test.ts), so Arabic never needs English loaded beside it.
    fallbackLng: false,
    // `messages` (validation and error texts) loads with the first page that needs it (routes.tsx, Page).
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
applyDocumentLanguage(initialLanguage());
i18n.on('languageChanged', (lang) => applyDocumentLanguage(lang as Language));

export function setLanguage(lang: Language): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
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

/** The day alone, short (Nov 26, 2026): for table cells that give the time on a line of its own. */
export function formatDay(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium' }).format(date);
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

export { isolate } from './isolate';
