import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { COUNTRIES } from '../../../shared/contacts';
import { billingProfileSchema, type BillingProfile, type BillingProfileInput } from '../../../shared/invoices';
import { errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { translateMessage } from '../../lib/i18n';
import { countryName } from '../../lib/place-names';
import { Button } from '../../ui/button';
import { Field, Input, Select, Textarea } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useSaveBillingProfile } from './billing-api';

const FIELDS = ['legalName', 'legalNameAr', 'address', 'country', 'taxNumber'] as const;
type FieldName = (typeof FIELDS)[number];
const EMPTY = { legalName: '', legalNameAr: '', address: '', country: '', taxNumber: '' };

/** Countries whose tax numbers have a fixed shape get a hint saying it; elsewhere any registration number. */
const TAX_HINTS: Record<string, string> = { UAE: 'taxHintUae', 'Saudi Arabia': 'taxHintSaudi' };

/**
 * The buyer's legal name (also in Arabic, as registered there), address, country and tax registration number,
 * as its invoices will print them.
 * The shared schema checks the number's format for the country; the server's field errors land on the same
 * fields. Used by the billing details card and by the checkout's first step.
 */
export function BillingProfileForm({
  profile,
  submitLabel,
  onSaved,
  onCancel,
}: {
  profile: BillingProfile | null;
  submitLabel: string;
  onSaved: (saved: BillingProfile) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('billing');
  const toast = useToast();
  const save = useSaveBillingProfile();
  const form = useForm({
    resolver: zodResolver(billingProfileSchema),
    mode: 'onTouched',
    // A stored country is one of the list; an empty one is the "choose a country" option, refused on submit.
    defaultValues: (profile ?? EMPTY) as BillingProfileInput,
  });
  const { errors, isSubmitting } = form.formState;
  const country = form.watch('country');

  const submit = form.handleSubmit(async (values) => {
    try {
      onSaved(await save.mutateAsync(values));
      toast({ title: t('profile.saved') });
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS);
      toast({
        title: t('profile.saveFailed'),
        description: translateMessage(errorMessage(error)),
        variant: 'destructive',
      });
    }
  });

  const errorOf = (name: FieldName) => translateMessage(errors[name]?.message);
  const described = (name: FieldName, id: string) => (errors[name] ? `${id}-error` : undefined);

  return (
    <form onSubmit={submit} noValidate aria-label={t('profile.formLabel')} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field id="billing-legal-name" label={t('profile.legalName')} error={errorOf('legalName')} hint={t('profile.legalNameHint')}>
          <Input
            id="billing-legal-name"
            autoComplete="organization"
            invalid={!!errors.legalName}
            aria-describedby={described('legalName', 'billing-legal-name')}
            {...form.register('legalName')}
          />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field id="billing-legal-name-ar" label={t('profile.legalNameAr')} error={errorOf('legalNameAr')} hint={t('profile.legalNameArHint')}>
          <Input
            id="billing-legal-name-ar"
            dir="rtl"
            lang="ar"
            className="text-start"
            autoComplete="off"
            invalid={!!errors.legalNameAr}
            aria-describedby={errors.legalNameAr ? 'billing-legal-name-ar-error' : 'billing-legal-name-ar-hint'}
            {...form.register('legalNameAr')}
          />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field id="billing-address" label={t('profile.address')} error={errorOf('address')}>
          <Textarea
            id="billing-address"
            rows={3}
            autoComplete="street-address"
            invalid={!!errors.address}
            aria-describedby={described('address', 'billing-address')}
            {...form.register('address')}
          />
        </Field>
      </div>
      <Field id="billing-country" label={t('profile.country')} error={errorOf('country')}>
        <Select
          id="billing-country"
          invalid={!!errors.country}
          aria-describedby={described('country', 'billing-country')}
          {...form.register('country')}
        >
          <option value="">{t('profile.chooseCountry')}</option>
          {COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {countryName(c)}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="billing-tax-number"
        label={t('profile.taxNumber')}
        error={errorOf('taxNumber')}
        hint={t(`profile.${TAX_HINTS[country] ?? 'taxHintOther'}`)}
      >
        <Input
          id="billing-tax-number"
          dir="ltr"
          className="text-start"
          autoComplete="off"
          invalid={!!errors.taxNumber}
          aria-describedby={errors.taxNumber ? 'billing-tax-number-error' : 'billing-tax-number-hint'}
          {...form.register('taxNumber')}
        />
      </Field>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
            {t('profile.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
