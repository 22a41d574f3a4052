import type { Page } from 'playwright-core';
import type en from '../src/client/i18n/en/releases.json';
import type { EditorValues } from '../src/client/features/releases/editor-form';

export type ReleaseFields = Pick<EditorValues, 'title' | 'location' | 'content' | 'boilerplate' | 'contactName' | 'contactEmail' | 'contactPhone'>;

/** Fills the editor's words and media contact as a person types them, by the labels of the page's language. */
export async function fillRelease(page: Page, t: typeof en, fields: ReleaseFields) {
  await page.getByLabel(t.fields.title, { exact: true }).fill(fields.title);
  await page.getByLabel(t.fields.location).fill(fields.location);
  await page.getByRole('textbox', { name: t.fields.content }).fill(fields.content);
  await page.getByLabel(t.fields.boilerplate).fill(fields.boilerplate);
  await page.getByLabel(t.fields.contactName).fill(fields.contactName);
  await page.getByLabel(t.fields.contactEmail).fill(fields.contactEmail);
  await page.getByLabel(t.fields.contactPhone).fill(fields.contactPhone);
}
