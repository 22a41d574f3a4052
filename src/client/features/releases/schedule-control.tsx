import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CalendarClock } from 'lucide-react';
import { Button } from '../../ui/button';
import { Field, Input } from '../../ui/field';
import { timeZoneName } from '../../lib/place-names';
import { toZonedInputValue, zonedInputToIso, type EditorValues } from './editor-form';
import { ZoneSelect } from './release-timing';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { formatInZone } from '../../lib/zoned-time';

/** The send time, entered in a chosen zone (the browser's by default), and the Schedule button. */
export function ScheduleControl({
  form,
  error,
  zoneError,
  disabled,
  pending,
  onSchedule,
}: {
  form: UseFormReturn<EditorValues>;
  error?: string;
  zoneError?: string;
  disabled: boolean;
  pending: boolean;
  onSchedule: () => void;
}) {
  const { t } = useTranslation('releases');
  const [at, zone] = useWatch({ control: form.control, name: ['scheduledAt', 'scheduleZone'] });
  const instant = zonedInputToIso(at, zone);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-3 sm:grid-cols-2">
          <Field id="scheduledAt" label={t('schedule.label')} error={error}>
            <Input
              id="scheduledAt"
              type="datetime-local"
              min={toZonedInputValue(new Date(), zone)}
              invalid={!!error}
              aria-describedby={error ? 'scheduledAt-error' : undefined}
              {...form.register('scheduledAt')}
            />
          </Field>
          <ZoneSelect id="scheduleZone" form={form} name="scheduleZone" label={t('zones.label')} error={zoneError} />
        </div>
        <Button variant="secondary" onClick={onSchedule} loading={pending} disabled={disabled} className="sm:mb-0.5">
          {!pending && <CalendarClock className="h-4 w-4" aria-hidden />}
          {pending ? t('actions.scheduling') : t('actions.schedule')}
        </Button>
      </div>
      <p className="mt-2 text-xs text-slate-500" data-testid="schedule-zone">
        {zone === browserTimeZone() ? t('schedule.zone', { zone: timeZoneName(zone) }) : t('schedule.zoneChosen', { zone: timeZoneName(zone) })}
        {instant && zone !== browserTimeZone() && (
          <span className="block" data-testid="schedule-your-time">
            {t('schedule.yourTime', { when: formatInZone(instant, browserTimeZone(), 'long') })}
          </span>
        )}
      </p>
    </div>
  );
}
