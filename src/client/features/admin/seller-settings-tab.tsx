import { useEffect } from 'react';
import { useFieldArray, useForm, type Path, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Plus, Save, Trash2 } from 'lucide-react';
import { COUNTRIES } from '../../../shared/contacts';
import { buyerKinds, sellerSettingsSchema, type SellerSettings, type SellerSettingsInput } from '../../../shared/invoices';
import { errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { translateMessage } from '../../lib/i18n';
import { countryName } from '../../lib/place-names';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { RowsSkeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { Field, Input, Select, Textarea } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useSaveSellerSettings, useSellerSettings } from './desk-api';

type Form = UseFormReturn<SellerSettingsInput, unknown, SellerSettings>;

const TEXT_FIELDS = ['legalName', 'legalNameAr', 'address', 'addressAr', 'invoicePrefix', 'displayCurrency', 'exchangeRate', 'rateDate'] as const;

/** Every field a server error may name, rows included, so each message lands beside its control. */
function formFields(values: SellerSettingsInput): Path<SellerSettingsInput>[] {
  const rows = values.registrations.flatMap((_, i) => [`registrations.${i}.country`, `registrations.${i}.taxNumber`] as const);
  const rates = values.vatRates.flatMap((_, i) => [`vatRates.${i}.country`, `vatRates.${i}.buyerKind`, `vatRates.${i}.rate`] as const);
  return [...TEXT_FIELDS, ...rows, ...rates];
}

/** The seller printed on every tax invoice: names and addresses in both languages, tax numbers, VAT rates. */
export function SellerSettingsTab() {
  const { t } = useTranslation('desk');
  const settings = useSellerSettings();
  return (
    <Card>
      <CardHeader title={t('seller.title')} description={t('seller.description')} />
      <CardBody>
        <QueryState query={settings} loading={<RowsSkeleton rows={6} />}>
          {(saved) => <SellerForm saved={saved} />}
        </QueryState>
      </CardBody>
    </Card>
  );
}

function SellerForm({ saved }: { saved: SellerSettings }) {
  const { t } = useTranslation('desk');
  const toast = useToast();
  const save = useSaveSellerSettings();
  const form: Form = useForm<SellerSettingsInput, unknown, SellerSettings>({
    resolver: zodResolver(sellerSettingsSchema),
    mode: 'onTouched',
    defaultValues: saved,
  });
  // What the server kept (normalised tax numbers, trimmed texts) becomes what the form starts from.
  useEffect(() => form.reset(saved), [saved, form]);
  const { errors, isSubmitting } = form.formState;
  const error = (message: string | undefined) => translateMessage(message);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast({ title: t('seller.saved') });
    } catch (failure) {
      applyServerFieldErrors(failure, form.setError, formFields(form.getValues()));
      toast({ title: t('seller.failed'), description: translateMessage(errorMessage(failure)), variant: 'destructive' });
    }
  });

  const text = (name: (typeof TEXT_FIELDS)[number], props: { dir?: 'rtl' | 'ltr'; type?: string; multiline?: boolean } = {}) => {
    const id = `seller-${name}`;
    const message = errors[name]?.message;
    const common = {
      id,
      dir: props.dir,
      invalid: !!message,
      'aria-describedby': message ? `${id}-error` : undefined,
      ...form.register(name),
    };
    return (
      <Field id={id} label={t(`seller.fields.${name}`)} error={error(message)}>
        {props.multiline ? <Textarea rows={3} {...common} /> : <Input type={props.type ?? 'text'} {...common} />}
      </Field>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-8" aria-label={t('seller.title')}>
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">{t('seller.identity')}</legend>
        {text('legalName', { dir: 'ltr' })}
        {text('legalNameAr', { dir: 'rtl' })}
        {text('address', { dir: 'ltr', multiline: true })}
        {text('addressAr', { dir: 'rtl', multiline: true })}
      </fieldset>
      <Registrations form={form} />
      <VatRates form={form} />
      <fieldset className="grid gap-4 md:grid-cols-4">
        <legend className="mb-2 text-base font-semibold text-slate-900">{t('seller.invoicing')}</legend>
        {text('invoicePrefix', { dir: 'ltr' })}
        {text('displayCurrency', { dir: 'ltr' })}
        {text('exchangeRate', { dir: 'ltr' })}
        {text('rateDate', { dir: 'ltr', type: 'date' })}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting}>
          {!isSubmitting && <Save className="h-4 w-4" aria-hidden />}
          {t('seller.save')}
        </Button>
      </div>
    </form>
  );
}

function CountryOptions() {
  const { t } = useTranslation('desk');
  return (
    <>
      <option value="">{t('seller.chooseCountry')}</option>
      {COUNTRIES.map((country) => (
        <option key={country} value={country}>
          {countryName(country)}
        </option>
      ))}
    </>
  );
}

/** The seller's tax registrations: one country and its number per row. */
function Registrations({ form }: { form: Form }) {
  const { t } = useTranslation('desk');
  const rows = useFieldArray({ control: form.control, name: 'registrations' });
  const errors = form.formState.errors.registrations;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-base font-semibold text-slate-900">{t('seller.registrations')}</legend>
      {rows.fields.length === 0 && <p className="text-sm text-slate-500">{t('seller.noRegistrations')}</p>}
      {rows.fields.map((row, index) => {
        const rowErrors = errors?.[index];
        const number = index + 1;
        return (
          <div key={row.id} className="grid items-start gap-3 sm:grid-cols-[14rem_minmax(0,1fr)_auto]" data-testid="registration-row">
            <Field id={`registration-${index}-country`} label={<RowLabel text={t('seller.country')} number={number} />} error={translateMessage(rowErrors?.country?.message)}>
              <Select id={`registration-${index}-country`} invalid={!!rowErrors?.country} {...form.register(`registrations.${index}.country`)}>
                <CountryOptions />
              </Select>
            </Field>
            <Field id={`registration-${index}-number`} label={<RowLabel text={t('seller.taxNumber')} number={number} />} error={translateMessage(rowErrors?.taxNumber?.message)}>
              <Input id={`registration-${index}-number`} dir="ltr" invalid={!!rowErrors?.taxNumber} {...form.register(`registrations.${index}.taxNumber`)} />
            </Field>
            <RemoveRow label={t('seller.removeRegistration', { number })} onRemove={() => rows.remove(index)} />
          </div>
        );
      })}
      <Button variant="secondary" size="sm" onClick={() => rows.append({ country: '' as never, taxNumber: '' })}>
        <Plus className="h-4 w-4" aria-hidden />
        {t('seller.addRegistration')}
      </Button>
    </fieldset>
  );
}

/** VAT charged per buyer country and kind of buyer. */
function VatRates({ form }: { form: Form }) {
  const { t } = useTranslation('desk');
  const rows = useFieldArray({ control: form.control, name: 'vatRates' });
  const errors = form.formState.errors.vatRates;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-base font-semibold text-slate-900">{t('seller.vatRates')}</legend>
      <p className="text-sm text-slate-500">{t('seller.vatRatesHint')}</p>
      {rows.fields.map((row, index) => {
        const rowErrors = errors?.[index];
        const number = index + 1;
        return (
          <div key={row.id} className="grid items-start gap-3 sm:grid-cols-[14rem_12rem_8rem_auto]" data-testid="vat-rate-row">
            <Field id={`rate-${index}-country`} label={<RowLabel text={t('seller.country')} number={number} />} error={translateMessage(rowErrors?.country?.message)}>
              <Select id={`rate-${index}-country`} invalid={!!rowErrors?.country} {...form.register(`vatRates.${index}.country`)}>
                <CountryOptions />
              </Select>
            </Field>
            <Field id={`rate-${index}-kind`} label={<RowLabel text={t('seller.buyerKind')} number={number} />} error={translateMessage(rowErrors?.buyerKind?.message)}>
              <Select id={`rate-${index}-kind`} invalid={!!rowErrors?.buyerKind} {...form.register(`vatRates.${index}.buyerKind`)}>
                {buyerKinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`seller.buyerKinds.${kind}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id={`rate-${index}-rate`} label={<RowLabel text={t('seller.rate')} number={number} />} error={translateMessage(rowErrors?.rate?.message)}>
              <Input
                id={`rate-${index}-rate`}
                type="number"
                inputMode="decimal"
                step="0.01"
                min={0}
                max={100}
                dir="ltr"
                invalid={!!rowErrors?.rate}
                {...form.register(`vatRates.${index}.rate`, { valueAsNumber: true })}
              />
            </Field>
            <RemoveRow label={t('seller.removeRate', { number })} onRemove={() => rows.remove(index)} />
          </div>
        );
      })}
      <Button variant="secondary" size="sm" onClick={() => rows.append({ country: '' as never, buyerKind: 'business', rate: 5 })}>
        <Plus className="h-4 w-4" aria-hidden />
        {t('seller.addRate')}
      </Button>
    </fieldset>
  );
}

/** Rows repeat their labels; the row's number is said to screen readers, where the rows are not seen side by side. */
function RowLabel({ text, number }: { text: string; number: number }) {
  return (
    <>
      {text}
      <span className="sr-only"> {number}</span>
    </>
  );
}

function RemoveRow({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Button variant="ghost" size="icon" className="sm:mt-6" onClick={onRemove} aria-label={label} title={label}>
      <Trash2 className="h-4 w-4" aria-hidden />
    </Button>
  );
}
