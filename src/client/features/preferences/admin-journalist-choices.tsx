import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ACCREDITATION_NOTE_MAX } from '../../../shared/accreditation';
import type { ContactPreferences, JournalistPreferences } from '../../../shared/preferences';
import { errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { formatDate, formatNumber, translateMessage } from '../../lib/i18n';
import { countryName } from '../../lib/place-names';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { Field, Textarea } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useContactPreferences, useSetAccreditation } from './admin-preferences-api';

/**
 * A super admin's view of what a journalist chose on their preference page (decision 024): read-only, since
 * only the journalist sets it, with its consent records; and the accreditation for embargoed releases, which
 * is the super admin's to give.
 */
export function JournalistChoices({ contactId }: { contactId: number }) {
  const { t } = useTranslation('admin');
  const data = useContactPreferences(contactId);
  return (
    <QueryState query={data} loading={<Skeleton className="h-40 w-full" />}>
      {(saved) => (
        <div className="space-y-5">
          <section aria-labelledby="journalist-choices-title" data-testid="journalist-choices">
            <h3 id="journalist-choices-title" className="text-sm font-semibold uppercase tracking-wide text-brand-700">
              {t('choices.title')}
            </h3>
            <p className="mb-2 text-xs text-slate-500">{t('choices.ownedByJournalist')}</p>
            <Choices preferences={saved.preferences} />
          </section>
          <ConsentRecords records={saved.consentRecords} />
          <AccreditationForm contactId={contactId} saved={saved} />
        </div>
      )}
    </QueryState>
  );
}

type Field = keyof JournalistPreferences;

function useValueText() {
  const { t } = useTranslation(['admin', 'preferences']);
  return (field: Field, value: unknown): string => valueText(t, field, value);
}

/** One preference as a person reads it: translated names, "all" for an empty list, "no limit" for no cap. */
function valueText(t: TFunction<['admin', 'preferences']>, field: Field, value: unknown): string {
  const list = Array.isArray(value) ? (value as string[]) : [];
  switch (field) {
    case 'languages':
      return list.length === 2 ? t('choices.languages.both') : list.map((l) => t(`choices.languages.${l}`, { defaultValue: l })).join(t('choices.separator'));
    case 'topics':
      return list.length ? list.map((topic) => t(`preferences:topicNames.${topic}`, { defaultValue: topic })).join(t('choices.separator')) : t('choices.all');
    case 'countries':
      return list.length ? list.map(countryName).join(t('choices.separator')) : t('choices.all');
    case 'unsubscribedFrom':
      return list.length ? list.join(t('choices.separator')) : t('choices.none');
    case 'weeklyCap':
      return typeof value === 'number' ? t('choices.perWeek', { n: formatNumber(value) }) : t('choices.noLimit');
    default:
      return value ? t('choices.yes') : t('choices.no');
  }
}

function Choices({ preferences }: { preferences: JournalistPreferences }) {
  const { t } = useTranslation('admin');
  const text = useValueText();
  const frequency = preferences.digest ? t('choices.digest') : text('weeklyCap', preferences.weeklyCap);
  const unsubscribed = preferences.unsubscribedAll ? t('choices.unsubscribedAll') : text('unsubscribedFrom', preferences.unsubscribedFrom);
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-2">
      <Choice label={t('choices.fields.languages')}>{text('languages', preferences.languages)}</Choice>
      <Choice label={t('choices.fields.frequency')}>{frequency}</Choice>
      <Choice label={t('choices.fields.topics')}>{text('topics', preferences.topics)}</Choice>
      <Choice label={t('choices.fields.countries')}>{text('countries', preferences.countries)}</Choice>
      <Choice label={t('choices.fields.acceptsEmbargo')}>{text('acceptsEmbargo', preferences.acceptsEmbargo)}</Choice>
      <Choice label={t('choices.fields.unsubscribed')}>{unsubscribed}</Choice>
    </dl>
  );
}

function Choice({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="break-words text-sm text-slate-900">
        <bdi>{children}</bdi>
      </dd>
    </div>
  );
}

/** The consent record: each change the journalist made, with its time, newest first. */
function ConsentRecords({ records }: { records: ContactPreferences['consentRecords'] }) {
  const { t } = useTranslation('admin');
  const text = useValueText();
  return (
    <section aria-labelledby="consent-records-title">
      <h3 id="consent-records-title" className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-700">
        {t('choices.records.title')}
      </h3>
      {records.length === 0 ? (
        <p className="text-sm text-slate-500">{t('choices.records.empty')}</p>
      ) : (
        <ol className="space-y-2" aria-labelledby="consent-records-title">
          {records.map((record) => (
            <li key={record.id} className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="consent-record">
              <p className="font-medium text-slate-700">{formatDate(record.createdAt, true)}</p>
              <ul className="mt-1 space-y-0.5 text-slate-600">
                {Object.entries(record.changes).map(([field, change]) => {
                  const { from, to } = (change ?? {}) as { from?: unknown; to?: unknown };
                  return (
                    <li key={field}>
                      {t('choices.records.change', {
                        field: t(`choices.fields.${field}`, { defaultValue: field }),
                        from: text(field as Field, from),
                        to: text(field as Field, to),
                      })}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

type AccreditationValues = { accredited: boolean; note: string };

/** "Accredited for embargoed releases": the send counts them among those who accept embargoes. */
function AccreditationForm({ contactId, saved }: { contactId: number; saved: ContactPreferences }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const save = useSetAccreditation(contactId);
  const form = useForm<AccreditationValues>({ defaultValues: { accredited: saved.embargoAccredited, note: saved.accreditationNote } });
  const { reset } = form;
  // What was saved becomes the form's starting point (the server trims the note).
  useEffect(() => reset({ accredited: saved.embargoAccredited, note: saved.accreditationNote }), [reset, saved.embargoAccredited, saved.accreditationNote]);
  const noteError = form.formState.errors.note?.message;

  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(values).then(
      () => toast({ title: t('choices.accreditation.saved') }),
      (error: unknown) => {
        if (applyServerFieldErrors(error, form.setError, ['accredited', 'note']) === 0) {
          toast({ title: t('toasts.error'), description: translateMessage(errorMessage(error)), variant: 'destructive' });
        }
      },
    ),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-3 rounded-lg border border-slate-200 p-3" aria-labelledby="accreditation-title">
      <h3 id="accreditation-title" className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        {t('choices.accreditation.title')}
      </h3>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" role="switch" className="mt-0.5 h-4 w-4 accent-brand-700" aria-labelledby="accreditation-switch" aria-describedby="accreditation-help" {...form.register('accredited')} />
        <span>
          <span id="accreditation-switch" className="font-medium text-slate-800">{t('choices.accreditation.switch')}</span>
          <span id="accreditation-help" className="block text-slate-500">
            {t('choices.accreditation.help')}
          </span>
        </span>
      </label>
      <Field id="accreditation-note" label={t('choices.accreditation.note')} error={noteError && translateMessage(noteError)} hint={t('choices.accreditation.noteHint', { n: formatNumber(ACCREDITATION_NOTE_MAX) })}>
        <Textarea
          id="accreditation-note"
          rows={3}
          invalid={Boolean(noteError)}
          aria-describedby={noteError ? 'accreditation-note-error' : undefined}
          {...form.register('note')}
        />
      </Field>
      <Button type="submit" size="sm" disabled={save.isPending}>
        {t('choices.accreditation.save')}
      </Button>
    </form>
  );
}
