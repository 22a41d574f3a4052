import Negotiator from 'negotiator';
import type { ReleaseLanguage } from '../../shared/releases.js';

const LANGUAGE_CODES: Record<ReleaseLanguage, string> = { english: 'en', arabic: 'ar' };

/**
 * The version a visitor of a public page reads (the web version, the newsroom's language): the one asked for
 * (?lang=ar|en), else the one a recipient was sent (their link carries the token), else the best match of
 * Accept-Language, else the primary one. Here, below tracking, because both kinds of page ask it.
 */
export function versionToShow(
  versions: ReleaseLanguage[],
  ask: { lang?: string; sent?: string; acceptLanguage?: string },
): ReleaseLanguage {
  const byCode = (code: string | undefined) => versions.find((v) => LANGUAGE_CODES[v] === code);
  const sent = versions.find((v) => v === ask.sent);
  if (byCode(ask.lang)) return byCode(ask.lang)!;
  if (sent) return sent;
  const preferred = new Negotiator({ headers: { 'accept-language': ask.acceptLanguage ?? '' } }).language(versions.map((v) => LANGUAGE_CODES[v]));
  return (ask.acceptLanguage && byCode(preferred)) || versions[0];
}

export const languageCode = (language: ReleaseLanguage) => LANGUAGE_CODES[language];
