/** Where the browser keeps the visitor's language, apart from i18n.ts so the public pages' script stays small. */
export const LANGUAGE_STORAGE_KEY = 'nashr-language';
/** The same choice as a cookie, which the server reads to serve a public page's static copy in it. */
export { LANGUAGE_COOKIE } from '../../shared/static-pages';
