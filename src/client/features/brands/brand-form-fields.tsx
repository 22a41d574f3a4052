import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/i18n';
import { Field, Input, Select, Textarea } from '../../ui/field';
import type { BrandForm, BrandFormValues } from './brand-form';
import { SenderPreview } from './sender-preview';
import { SwitchField } from './switch-field';

type TextName = Exclude<keyof BrandFormValues, 'newsroomEnabled' | 'clientApproval' | 'forwardRepliesToClients' | 'language'>;

/** One text field of the brand form with its label, its error (the browser's or the server's) and a hint. */
function TextField({
  form,
  name,
  label,
  hint,
  dir = 'auto',
  type = 'text',
  rows,
  children,
}: {
  form: BrandForm;
  name: TextName;
  label: string;
  hint?: ReactNode;
  dir?: 'auto' | 'ltr' | 'rtl';
  type?: string;
  rows?: number;
  children?: ReactNode;
}) {
  const error = translateMessage(form.formState.errors[name]?.message);
  const id = `brand-${name}`;
  const shared = {
    id,
    dir,
    invalid: !!error,
    'aria-describedby': error ? `${id}-error` : undefined,
    ...form.register(name),
  };
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {rows ? <Textarea rows={rows} {...shared} /> : <Input type={type} {...shared} />}
      {children}
    </Field>
  );
}

/** Who speaks: the names in both languages, the sender name with its preview, the default language. */
export function IdentityFields({ form }: { form: BrandForm }) {
  const { t } = useTranslation('brands');
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">{t('form.identity')}</legend>
      <TextField form={form} name="name" label={t('form.name')} />
      <TextField form={form} name="nameAr" label={t('form.nameAr')} dir="rtl" />
      <TextField form={form} name="senderName" label={t('form.senderName')} hint={t('form.senderNameHint')}>
        <SenderPreview form={form} language="english" />
      </TextField>
      <TextField form={form} name="senderNameAr" label={t('form.senderNameAr')} hint={t('form.senderNameArHint')} dir="rtl">
        <SenderPreview form={form} language="arabic" />
      </TextField>
      <Field id="brand-language" label={t('form.language')}>
        <Select id="brand-language" {...form.register('language')}>
          <option value="english">{t('languages.english')}</option>
          <option value="arabic">{t('languages.arabic')}</option>
        </Select>
      </Field>
    </fieldset>
  );
}

/** The brand's public newsroom: its address and whether it is online. */
export function NewsroomFields({ form }: { form: BrandForm }) {
  const { t } = useTranslation('brands');
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-semibold text-slate-800">{t('form.newsroom')}</legend>
      <TextField
        form={form}
        name="newsroomSlug"
        label={t('form.newsroomSlug')}
        dir="ltr"
        hint={t('form.newsroomSlugHint')}
      />
      <SwitchField
        id="brand-newsroomEnabled"
        label={t('form.newsroomEnabled')}
        explanation={t('form.newsroomEnabledText')}
        {...form.register('newsroomEnabled')}
      />
    </fieldset>
  );
}

/** What every release of the brand ends with: the boilerplates and the default media contact. */
export function ReleaseDefaultsFields({ form }: { form: BrandForm }) {
  const { t } = useTranslation('brands');
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 font-semibold text-slate-800">{t('form.releaseDefaults')}</legend>
      <div className="sm:col-span-2">
        <TextField form={form} name="boilerplate" label={t('form.boilerplate')} rows={3} dir="ltr" />
      </div>
      <div className="sm:col-span-2">
        <TextField form={form} name="boilerplateAr" label={t('form.boilerplateAr')} rows={3} dir="rtl" />
      </div>
      <TextField form={form} name="contactName" label={t('form.contactName')} />
      <TextField form={form} name="contactEmail" label={t('form.contactEmail')} type="email" dir="ltr" />
      <TextField form={form} name="contactPhone" label={t('form.contactPhone')} type="tel" dir="ltr" />
    </fieldset>
  );
}

/** Whether a publisher's Send first goes to the brand's clients, and whether journalists' replies reach them too. */
export function ApprovalField({ form }: { form: BrandForm }) {
  const { t } = useTranslation('brands');
  return (
    <>
      <SwitchField
        id="brand-clientApproval"
        label={t('form.clientApproval')}
        explanation={t('form.clientApprovalText')}
        {...form.register('clientApproval')}
      />
      <SwitchField
        id="brand-forwardRepliesToClients"
        label={t('form.forwardRepliesToClients')}
        explanation={t('form.forwardRepliesToClientsText')}
        {...form.register('forwardRepliesToClients')}
      />
    </>
  );
}
