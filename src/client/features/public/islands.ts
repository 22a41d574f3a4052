import { recordConsent, storedConsent, type ConsentChoice } from '../../lib/consent';
import { LANGUAGE_STORAGE_KEY } from '../../lib/language-key';
import { markLanguagePicked } from '../../lib/language-pick';

/**
 * The only script of the public pages' static copies (static-pages.tsx): the few parts that need one, by
 * their data attributes, in a few kilobytes and without React. The FAQ needs none (<details>), nor the
 * language switch (a link the server answers).
 */

/** The static copy is in the language the server chose; the app, later, must agree with an explicit choice. */
function agreeOnLanguage(): void {
  const page = document.documentElement.lang;
  if (new URLSearchParams(location.search).has('lang')) {
    // Chosen with the switch (a link here): at sign-in the account takes it, as after the app's switch.
    localStorage.setItem(LANGUAGE_STORAGE_KEY, page);
    markLanguagePicked(page);
    return;
  }
  // A choice made in the app before the language cookie existed: serve that language instead.
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if ((stored === 'en' || stored === 'ar') && stored !== page) location.replace(`?lang=${stored}${location.hash}`);
}

function cookieBanner(): void {
  const banner = document.querySelector<HTMLElement>('[data-cookie-banner]');
  if (!banner || storedConsent()) return;
  banner.hidden = false;
  const details = banner.querySelector<HTMLButtonElement>('[data-cookie-details]');
  const list = banner.querySelector<HTMLElement>('[data-cookie-details-list]');
  details?.addEventListener('click', () => {
    if (!list) return;
    list.hidden = !list.hidden;
    details.setAttribute('aria-expanded', String(!list.hidden));
    details.textContent = (list.hidden ? details.dataset.showLabel : details.dataset.hideLabel) ?? '';
  });
  for (const button of banner.querySelectorAll<HTMLButtonElement>('[data-cookie-choice]')) {
    button.addEventListener('click', () => {
      recordConsent(button.dataset.cookieChoice as ConsentChoice);
      banner.hidden = true;
    });
  }
}

function mobileMenu(): void {
  const toggle = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = toggle && document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!toggle || !menu) return;
  const show = (open: boolean) => {
    menu.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', (open ? toggle.dataset.closeLabel : toggle.dataset.openLabel) ?? '');
    for (const icon of toggle.querySelectorAll<HTMLElement>('[data-menu-icon]')) {
      icon.hidden = (icon.dataset.menuIcon === 'close') !== open;
    }
  };
  toggle.addEventListener('click', () => show(menu.hidden));
  // A section link closes the menu, as in the app.
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) show(false);
  });
}

agreeOnLanguage();
cookieBanner();
mobileMenu();
