import { embargoText, liftTimeText } from '../../shared/embargo.js';
import { escapeHtml, type TemplateLanguage } from '../../shared/email-template.js';
import { button, card, page } from '../tracking/web-pages.js';
import type { EmbargoNotice, EmbargoPageState } from './embargo-agreement.service.js';

/**
 * The page an embargo notice links (decision 027), served by the server like the other journalist pages
 * (tracking/web-pages.ts): in the journalist's language, right to left in Arabic, with a switch to the other.
 */

type View = { notice: EmbargoNotice; state: EmbargoPageState; zone: string; action: string; masked: string; releaseUrl: string | null };

const LANGUAGE_NAMES: Record<TemplateLanguage, string> = { english: 'English', arabic: 'العربية' };

export function embargoPage({ notice, state, zone, action, masked, releaseUrl }: View): string {
  const language = notice.language;
  const other: TemplateLanguage = language === 'arabic' ? 'english' : 'arabic';
  const lift = liftTimeText(notice.release.until, zone, language);
  const safe = { brand: `<bdi>${escapeHtml(notice.brand)}</bdi>`, title: `<bdi>${escapeHtml(notice.release.title)}</bdi>`, lift: `<strong>${escapeHtml(lift)}</strong>` };
  const text = (word: Parameters<typeof embargoText>[1]) => embargoText(language, word, safe);
  const about = `<p>${text(notice.release.showsTitle ? 'aboutTitled' : 'aboutUntitled')}</p>`;
  const heading = `<h1 style="font-size:22px;margin-top:0;">${escapeHtml(embargoText(language, 'pageTitle'))}</h1>`;
  const switcher = `<p style="font-size:14px;margin:0 0 16px 0;"><a href="?lang=${other === 'arabic' ? 'ar' : 'en'}" lang="${other === 'arabic' ? 'ar' : 'en'}" hreflang="${other === 'arabic' ? 'ar' : 'en'}" style="color:#0f4c81;">${LANGUAGE_NAMES[other]}</a></p>`;
  const body = (() => {
    switch (state.kind) {
      case 'lifted':
        return `${heading}${about}<p data-state="lifted">${escapeHtml(embargoText(language, 'lifted'))}</p>${
          releaseUrl ? `<p><a href="${escapeHtml(releaseUrl)}" style="color:#0f4c81;">${escapeHtml(embargoText(language, 'read'))}</a></p>` : ''
        }`;
      case 'agreed': {
        const when = liftTimeText(state.at, zone, language);
        const said = !state.sent ? 'notSent' : state.justNow ? 'agreed' : 'agreedBefore';
        return `${heading}${about}<p role="status" data-state="agreed">${embargoText(language, said, { email: `<bdi>${escapeHtml(masked)}</bdi>`, when: escapeHtml(when) })}</p><p>${text('lift')}</p>`;
      }
      case 'ask':
        return `${heading}${about}<p>${text('lift')}</p><p>${text('terms')}</p>
          <form method="post" action="${escapeHtml(action)}" style="margin:20px 0 0 0;">
            <p style="margin:0 0 4px 0;"><label><input type="checkbox" name="fromNowOn" value="on"> ${escapeHtml(embargoText(language, 'fromNowOn'))}</label></p>
            <p style="margin:0 0 16px 0;font-size:14px;color:#4b5563;">${escapeHtml(embargoText(language, 'thisOnly'))}</p>
            ${button(escapeHtml(embargoText(language, 'agree')))}
          </form>`;
    }
  })();
  return page({
    title: embargoText(language, 'pageTitle'),
    lang: language === 'arabic' ? 'ar' : 'en',
    dir: language === 'arabic' ? 'rtl' : 'ltr',
    head: '<meta name="robots" content="noindex, nofollow, noarchive">',
    body: card(`<div style="text-align:start;">${switcher}${body}</div>`),
  });
}
