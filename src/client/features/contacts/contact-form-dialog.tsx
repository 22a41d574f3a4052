import { useEffect, type ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  BLANK_CONTACT,
  COUNTRIES,
  MEDIA_TYPES,
  contactInputSchema,
  LANGUAGES,
  type Contact,
  type ContactFields,
  type ContactInput,
} from '../../../shared/contacts';
import { ApiError } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field, Input, Select } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { PLACES } from '../../../shared/search-places';
import { useSaveContact } from './contacts-api';
import { valueLabel } from '../../lib/value-label';
import { useFailureToast } from './use-failure-toast';

type TextField = Exclude<keyof ContactInput, 'language'>;
const TEXT_FIELDS: TextField[] = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'organization',
  'position',
  'category',
  'country',
  'city',
  'mediaType',
  'specialization',
  'focus',
  'contactTopics',
  'outletTopics',
];

/** The known cities to suggest: the chosen country's, or every one (the country is filled in from a known city). */
function citiesOf(country: string | undefined): string[] {
  const places = PLACES.filter((place) => !country || place.country === country);
  return (places.length ? places : PLACES).flatMap((place) => place.cities.map((c) => c.city));
}

const emptyContact: ContactInput = { email: '', ...BLANK_CONTACT };

function valuesOf(contact: Contact | null): ContactInput {
  if (!contact) return emptyContact;
  const values = { ...emptyContact };
  for (const key of TEXT_FIELDS) values[key] = contact[key] ?? '';
  values.language = contact.language || 'English';
  return values;
}

/** Super admin: create a contact (contact = null) or edit one. Only the email is required (SPEC §5). */
export function ContactFormDialog({
  open,
  contact,
  onClose,
}: {
  open: boolean;
  contact: Contact | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('contacts');
  const toast = useToast();
  const failed = useFailureToast();
  const save = useSaveContact();
  const form = useForm<ContactInput, unknown, ContactFields>({
    resolver: zodResolver(contactInputSchema),
    defaultValues: valuesOf(contact),
  });
  const { register, handleSubmit, reset, setError, formState, watch } = form;
  const country = watch('country');
  const editing = contact !== null;

  useEffect(() => {
    if (open) reset(valuesOf(contact));
  }, [open, contact, reset]);

  const submit = handleSubmit(async (fields) => {
    try {
      await save.mutateAsync({ id: contact?.id, fields });
      toast({ title: editing ? t('toast.updated') : t('toast.created') });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setError('email', { message: translateMessage(error.message) });
        return;
      }
      if (error instanceof ApiError && error.status === 422 && error.errors.length > 0) {
        for (const e of error.errors) setError(e.path as FieldPath<ContactInput>, { message: e.message });
        return;
      }
      failed(error, editing ? t('toast.updateFailed') : t('toast.createFailed'));
    }
  });

  const errorOf = (name: keyof ContactInput) => translateMessage(formState.errors[name]?.message);
  const text = (
    name: TextField,
    options: { type?: string; ltr?: boolean; list?: string } = {},
  ): ReactNode => (
    <Field id={`contact-${name}`} label={t(`fields.${name}`)} error={errorOf(name)}>
      <Input
        id={`contact-${name}`}
        type={options.type ?? 'text'}
        dir={options.ltr ? 'ltr' : undefined}
        list={options.list}
        invalid={!!formState.errors[name]}
        aria-describedby={formState.errors[name] ? `contact-${name}-error` : undefined}
        {...register(name)}
      />
    </Field>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !formState.isSubmitting && onClose()}
      title={editing ? t('form.editTitle') : t('form.createTitle')}
      description={t('form.description')}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={formState.isSubmitting}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form="contact-form" loading={formState.isSubmitting}>
            {formState.isSubmitting
              ? t('actions.saving')
              : editing
                ? t('actions.saveChanges')
                : t('actions.createContact')}
          </Button>
        </>
      }
    >
      <form id="contact-form" noValidate onSubmit={submit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">{text('email', { type: 'email', ltr: true })}</div>
        {text('firstName')}
        {text('lastName')}
        {text('phone', { ltr: true })}
        {text('organization')}
        {text('position')}
        {text('category')}
        {text('country', { list: 'contact-country-options' })}
        {text('city', { list: 'contact-city-options' })}
        {text('mediaType', { list: 'contact-media-type-options' })}
        <Field id="contact-language" label={t('fields.language')} error={errorOf('language')}>
          <Select id="contact-language" {...register('language')}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {valueLabel(t, 'language', language)}
              </option>
            ))}
          </Select>
        </Field>
        {text('specialization')}
        <div className="sm:col-span-2">{text('focus')}</div>
        <div className="sm:col-span-2">{text('contactTopics')}</div>
        <div className="sm:col-span-2">{text('outletTopics')}</div>
        {/* Suggestions only: the database also holds values outside these lists. */}
        <datalist id="contact-country-options">
          {COUNTRIES.map((country) => (
            <option key={country} value={country} />
          ))}
        </datalist>
        <datalist id="contact-city-options">
          {citiesOf(country).map((city) => (
            <option key={city} value={city} />
          ))}
        </datalist>
        <datalist id="contact-media-type-options">
          {MEDIA_TYPES.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>
      </form>
    </Dialog>
  );
}
