import type { PressReleaseSummary } from '../../shared/releases';

/** A release's title in the reader's interface language when it has that version, else its primary title. */
export function titleFor(release: Pick<PressReleaseSummary, 'title' | 'translationTitle' | 'language'>, interfaceLanguage: string): string {
  const wanted = interfaceLanguage === 'ar' ? 'arabic' : 'english';
  return release.language !== wanted && release.translationTitle ? release.translationTitle : release.title;
}
