import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TOPICS } from '../../../shared/contacts';
import { Field, Input, Select } from '../../ui/field';
import { valueLabel } from '../../lib/value-label';
import { toPreflightPayload, toZonedInputValue, zonedInputToIso, type EditorValues } from './editor-form';
import type { EmbargoAudience } from '../../../shared/embargo';
import { EmbargoAudienceLines } from './embargo-audience';
import { usePreflight } from './releases-api';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { formatInZone, zoneChoices, zoneLabel } from '../../lib/zoned-time';

type Form = UseFormReturn<EditorValues>;
type FieldErrorOf = (field: 'scheduleZone' | 'embargoAt' | 'embargoZone' | 'topics') => string | undefined;

/** The zones a time is entered in: the region's capitals by name, then the browser's own (marked as such). */
export function ZoneSelect({
  id,
  form,
  name,
  error,
  disabled,
  label,
}: {
  id: string;
  form: Form;
  name: 'scheduleZone' | 'embargoZone';
  error?: string;
  disabled?: boolean;
  label: string;
}) {
  const { t } = useTranslation('releases');
  const current = useWatch({ control: form.control, name });
  const mine = browserTimeZone();
  return (
    <Field id={id} label={label} error={error}>
      <Select id={id} invalid={!!error} disabled={disabled} aria-describedby={error ? `${id}-error` : undefined} {...form.register(name)}>
        {zoneChoices(current).map((zone) => (
          <option key={zone} value={zone}>
            {zone === mine ? t('zones.yours', { zone: zoneLabel(zone) }) : zoneLabel(zone)}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/**
 * An embargo: off by default; on, a date and time in a chosen zone, and the line journalists will read
 * ("Embargoed until 09:00, 1 December 2026 (Riyadh)").
 */
export function EmbargoSection({ form, fieldError, disabled, releaseId }: { form: Form; fieldError: FieldErrorOf; disabled?: boolean; releaseId?: string }) {
  const { t } = useTranslation('releases');
  const [on, at, zone] = useWatch({ control: form.control, name: ['embargoOn', 'embargoAt', 'embargoZone'] });
  const until = on ? zonedInputToIso(at, zone) : '';
  const audience = useEmbargoAudience(form, releaseId, Boolean(until));
  return (
    <section className="space-y-3" aria-labelledby="embargo-title" data-testid="embargo-section">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-brand-700"
          aria-labelledby="embargo-title"
          aria-describedby="embargo-help"
          disabled={disabled}
          {...form.register('embargoOn')}
        />
        <span>
          <span id="embargo-title" className="font-medium text-slate-800">
            {t('embargo.toggle')}
          </span>
          <span id="embargo-help" className="block text-slate-500">
            {t('embargo.help')}
          </span>
        </span>
      </label>
      {on && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="embargoAt" label={t('embargo.until')} error={fieldError('embargoAt')}>
            <Input
              id="embargoAt"
              type="datetime-local"
              min={toZonedInputValue(new Date(), zone)}
              invalid={!!fieldError('embargoAt')}
              disabled={disabled}
              aria-describedby={fieldError('embargoAt') ? 'embargoAt-error' : 'embargo-preview'}
              {...form.register('embargoAt')}
            />
          </Field>
          <ZoneSelect id="embargoZone" form={form} name="embargoZone" label={t('zones.label')} error={fieldError('embargoZone')} disabled={disabled} />
          <p id="embargo-preview" className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 sm:col-span-2" data-testid="embargo-preview">
            {until ? t('embargo.preview', { when: formatInZone(until, zone) }) : t('embargo.needsTime')}
          </p>
          <div className="space-y-1 text-sm sm:col-span-2" data-testid="embargo-audience">
            <p className="font-medium text-slate-800">{t('embargo.audience.title')}</p>
            {audience ? <EmbargoAudienceLines audience={audience} testId="embargo-audience-counts" /> : <p className="text-slate-600">{t('embargo.audience.how')}</p>}
          </div>
          <label className="flex items-start gap-2 text-sm sm:col-span-2">
            <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-700" disabled={disabled} aria-describedby="embargo-notice-title-help" {...form.register('embargoNoticeShowsTitle')} />
            <span>
              <span className="font-medium text-slate-800">{t('embargo.noticeTitle')}</span>
              <span id="embargo-notice-title-help" className="block text-slate-500">
                {t('embargo.noticeTitleHelp')}
              </span>
            </span>
          </label>
        </div>
      )}
    </section>
  );
}

/**
 * The server's count of who gets the release now, is asked, and gets it at the lift, for the lists, topics and
 * embargo the editor holds (the words and files change no count, so typing asks nothing). Null until there
 * are lists and a whole embargo.
 */
function useEmbargoAudience(form: Form, releaseId: string | undefined, embargoed: boolean): EmbargoAudience | null {
  const values = useWatch({ control: form.control }) as EditorValues;
  const lists = values.recipientLists ?? [];
  const payload = toPreflightPayload({ ...values, content: '', attachments: [], translation: values.translation ? { ...values.translation, content: '' } : null }, 'send_now', releaseId);
  const preflight = usePreflight(payload, embargoed && lists.length > 0);
  return embargoed && lists.length > 0 ? (preflight.data?.embargo ?? null) : null;
}

/** What the release is about: journalists who chose other topics on their preference page are left out. */
export function TopicsField({ form, error, disabled }: { form: Form; error?: string; disabled?: boolean }) {
  const { t } = useTranslation('releases');
  const { t: tc } = useTranslation('contacts');
  const chosen = useWatch({ control: form.control, name: 'topics' });
  const toggle = (topic: string, checked: boolean) =>
    form.setValue('topics', checked ? [...chosen, topic] : chosen.filter((x) => x !== topic), { shouldDirty: true });
  return (
    <fieldset aria-describedby={error ? 'topics-error' : 'topics-help'} data-testid="topics-field">
      <legend className="mb-1 text-sm font-medium text-slate-700">{t('topics.label')}</legend>
      <p id="topics-help" className="mb-2 text-xs text-slate-500">
        {t('topics.help')}
      </p>
      <ul className="flex flex-wrap gap-1.5">
        {TOPICS.map((topic) => {
          const checked = chosen.includes(topic);
          return (
            <li key={topic}>
              <label
                className={`inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-2.5 py-1 text-sm ${checked ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-slate-300 text-slate-700'}`}
              >
                <input type="checkbox" className="h-3.5 w-3.5 accent-brand-700" checked={checked} disabled={disabled} onChange={(e) => toggle(topic, e.target.checked)} />
                {valueLabel(tc, 'contactTopic', topic)}
              </label>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id="topics-error" role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
