/**
 * A language the visitor picked with the switch while signed out (issue 37): at sign-in the account takes it,
 * as a switch while signed in would. A language only guessed from the browser leaves the account's alone.
 */
const LANGUAGE_PICKED_KEY = 'nashr-language-picked';
export const markLanguagePicked = (language: string) => localStorage.setItem(LANGUAGE_PICKED_KEY, language);
export function pickedLanguage(): 'en' | 'ar' | undefined {
  const picked = localStorage.getItem(LANGUAGE_PICKED_KEY);
  return picked === 'en' || picked === 'ar' ? picked : undefined;
}
export const forgetPickedLanguage = () => localStorage.removeItem(LANGUAGE_PICKED_KEY);
