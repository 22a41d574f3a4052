import { useState } from 'react';
import { Controller, get, useFormState, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Copy, Plus, Trash2 } from 'lucide-react';
import type { ReleaseLanguage } from '../../../shared/releases';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { Field, Input, Textarea } from '../../ui/field';
import { cn } from '../../ui/cn';
import { emptyTranslation, VERSION_FIELDS, type EditorValues } from './editor-form';
import { preloadRichTextEditor, RichTextField } from './rich-text-field';
import { useBrands } from '../../lib/brands';

export type Version = 'primary' | 'translation';

/**
 * The release's versions as tabs, "English | العربية" (issue 13): the primary version, and the one in
 * the other language once added. Each tab's fields are written in that language's direction.
 */
export function VersionTabs({
  form,
  active,
  onSelect,
  hasError,
}: {
  form: UseFormReturn<EditorValues>;
  active: Version;
  onSelect: (version: Version) => void;
  hasError: (version: Version) => boolean;
}) {
  const { t } = useTranslation('releases');
  const [confirm, setConfirm] = useState<'copy' | 'remove' | null>(null);
  const language = form.watch('language');
  const translation = form.watch('translation');
  const bilingualEmail = form.watch('bilingualEmail');
  const tab = (version: Version, lang: ReleaseLanguage) => (
    <button
      key={version}
      type="button"
      role="tab"
      id={`version-tab-${version}`}
      aria-selected={active === version}
      aria-controls="version-panel"
      onClick={() => onSelect(version)}
      className={cn(
        '-mb-px border-b-2 px-4 py-2 text-sm font-semibold',
        active === version ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900',
      )}
    >
      <span lang={lang === 'arabic' ? 'ar' : 'en'}>{t(`versions.tab.${lang}`)}</span>
      {hasError(version) && <span className="ms-1 text-red-600" aria-label={t('versions.hasErrors')}>•</span>}
    </button>
  );

  // The release's brand gives the new version its boilerplate in that language (an Arabic-first brand's English one).
  const brands = useBrands();
  const brandId = form.watch('brandId');
  const addTranslation = () => {
    const brand = brands.data?.find((b) => b.id === brandId) ?? null;
    form.setValue('translation', emptyTranslation(language, brand), { shouldDirty: true });
    onSelect('translation');
  };
  /** The other version's text as a starting point: the structure (headings, lists, links) to translate in place. */
  const copyFromPrimary = () => {
    const values = form.getValues();
    for (const field of VERSION_FIELDS) form.setValue(`translation.${field}`, values[field], { shouldDirty: true });
    setConfirm(null);
  };
  const removeTranslation = () => {
    form.setValue('translation', null, { shouldDirty: true });
    form.setValue('bilingualEmail', false, { shouldDirty: true });
    form.setValue(
      'attachments',
      form.getValues('attachments').map((file) => ({ ...file, language: null })),
      { shouldDirty: true },
    );
    onSelect('primary');
    setConfirm(null);
  };
  const translationHasText = () => VERSION_FIELDS.some((field) => (form.getValues(`translation.${field}`) ?? '').trim());

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-2 border-b border-slate-200">
        <div role="tablist" aria-label={t('versions.label')} className="flex">
          {tab('primary', language)}
          {translation && tab('translation', translation.language)}
        </div>
        {!translation && (
          <Button size="sm" variant="ghost" className="mb-1" onClick={addTranslation}>
            <Plus className="h-4 w-4" aria-hidden />
            {t(`versions.add.${language === 'arabic' ? 'english' : 'arabic'}`)}
          </Button>
        )}
      </div>
      {translation && active === 'translation' && (
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="secondary" onClick={() => (translationHasText() ? setConfirm('copy') : copyFromPrimary())}>
            <Copy className="h-4 w-4" aria-hidden />
            {t(`versions.copyFrom.${language}`)}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirm('remove')}>
            <Trash2 className="h-4 w-4" aria-hidden />
            {t('versions.remove')}
          </Button>
        </div>
      )}
      {translation && (
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-brand-700"
            checked={bilingualEmail}
            onChange={(e) => form.setValue('bilingualEmail', e.target.checked, { shouldDirty: true })}
          />
          <span>
            <span className="font-medium">{t('versions.bilingualEmail')}</span>
            <span className="block text-slate-500">{t('versions.bilingualEmailHelp')}</span>
          </span>
        </label>
      )}
      <ConfirmDialog
        open={confirm === 'copy'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('versions.copyConfirmTitle')}
        description={t('versions.copyConfirmText')}
        confirmLabel={t('versions.copyConfirm')}
        onConfirm={copyFromPrimary}
      />
      <ConfirmDialog
        open={confirm === 'remove'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('versions.removeConfirmTitle')}
        description={t('versions.removeConfirmText')}
        confirmLabel={t('versions.remove')}
        onConfirm={removeTranslation}
      />
    </div>
  );
}

/** Title, subtitle, location, content and boilerplate of one version. */
export function VersionFields({ form, version }: { form: UseFormReturn<EditorValues>; version: Version }) {
  const { t } = useTranslation('releases');
  const { errors } = useFormState({ control: form.control });
  const prefix = version === 'translation' ? 'translation.' : '';
  const name = (field: (typeof VERSION_FIELDS)[number]) => `${prefix}${field}` as Path<EditorValues>;
  const language = form.watch(version === 'translation' ? 'translation.language' : 'language');
  const dir = language === 'arabic' ? 'rtl' : 'ltr';
  const error = (field: (typeof VERSION_FIELDS)[number]) => translateMessage((get(errors, name(field)) as { message?: string } | undefined)?.message);
  const id = (field: string) => `${version === 'translation' ? 'translation-' : ''}${field}`;
  const describedBy = (field: (typeof VERSION_FIELDS)[number]) => (error(field) ? `${id(field)}-error` : undefined);
  return (
    // Writing a version's title is the first sign of writing its content: the content editor's code is fetched then.
    <div
      id="version-panel"
      role="tabpanel"
      aria-labelledby={`version-tab-${version}`}
      className="space-y-4"
      lang={language === 'arabic' ? 'ar' : 'en'}
      onFocusCapture={preloadRichTextEditor}
    >
      <Field id={id('title')} label={t('fields.title')} error={error('title')}>
        <Input id={id('title')} dir={dir} invalid={!!error('title')} aria-describedby={describedBy('title')} {...form.register(name('title'))} />
      </Field>
      <Field id={id('subtitle')} label={t('fields.subtitle')}>
        <Input id={id('subtitle')} dir={dir} {...form.register(name('subtitle'))} />
      </Field>
      <Field id={id('location')} label={t('fields.location')} error={error('location')}>
        <Input
          id={id('location')}
          dir={dir}
          placeholder={language === 'arabic' ? t('placeholders.locationArabic') : t('placeholders.location')}
          invalid={!!error('location')}
          aria-describedby={describedBy('location')}
          {...form.register(name('location'))}
        />
      </Field>
      <div>
        <p id={`${id('content')}-label`} className="mb-1 block text-sm font-medium text-slate-700">
          {t('fields.content')}
        </p>
        <Controller
          control={form.control}
          name={name('content')}
          render={({ field }) => (
            <RichTextField
              value={(field.value as string) ?? ''}
              onChange={field.onChange}
              dir={dir}
              labelledBy={`${id('content')}-label`}
              describedBy={describedBy('content')}
              invalid={!!error('content')}
            />
          )}
        />
        {error('content') && (
          <p id={`${id('content')}-error`} role="alert" className="mt-1 text-sm text-red-600">
            {error('content')}
          </p>
        )}
      </div>
      <Field id={id('boilerplate')} label={t('fields.boilerplate')} error={error('boilerplate')}>
        <Textarea id={id('boilerplate')} rows={4} dir={dir} invalid={!!error('boilerplate')} aria-describedby={describedBy('boilerplate')} {...form.register(name('boilerplate'))} />
      </Field>
    </div>
  );
}
