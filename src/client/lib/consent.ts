/**
 * The visitor's cookie choice, without React: read by the app's banner (app/cookie-consent.tsx) and by the
 * public pages' static copies (features/public/islands.ts), which must stay a few kilobytes.
 */
export const CONSENT_KEY = 'cookie-consent';
export type ConsentChoice = 'accepted' | 'declined';

export function storedConsent(): ConsentChoice | null {
  const value = localStorage.getItem(CONSENT_KEY);
  return value === 'accepted' || value === 'declined' ? value : null;
}

/** Nashr loads no third-party tag at all; declining still clears analytics cookies a previous tool may have left. */
function expireAnalyticsCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name && /^(_ga|_gid|_gat)/.test(name)) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
  }
}

export function recordConsent(choice: ConsentChoice): void {
  localStorage.setItem(CONSENT_KEY, choice);
  if (choice === 'declined') expireAnalyticsCookies();
}
