import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CalendarClock } from 'lucide-react';
import { Button } from '../../ui/button';
import { Field, Input } from '../../ui/field';
import { browserTimeZone, toLocalInputValue } from './editor-form';
import { timeZoneName } from '../../lib/place-names';

/** The send time (in the browser's zone, named below it) and the Schedule button. */
export function ScheduleControl({
  register,
  error,
  disabled,
  pending,
  onSchedule,
}: {
  register: UseFormRegisterReturn<'scheduledAt'>;
  error?: string;
  disabled: boolean;
  pending: boolean;
  onSchedule: () => void;
}) {
  const { t } = useTranslation('releases');
  const zone = browserTimeZone();
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 sm:max-w-sm">
          <Field id="scheduledAt" label={t('schedule.label')} error={error}>
            <Input
              id="scheduledAt"
              type="datetime-local"
              min={toLocalInputValue(new Date())}
              invalid={!!error}
              aria-describedby={error ? 'scheduledAt-error' : undefined}
              {...register}
            />
          </Field>
        </div>
        <Button variant="secondary" onClick={onSchedule} loading={pending} disabled={disabled} className="sm:mb-0.5">
          {!pending && <CalendarClock className="h-4 w-4" aria-hidden />}
          {pending ? t('actions.scheduling') : t('actions.schedule')}
        </Button>
      </div>
      <p className="mt-2 text-xs text-slate-500" data-testid="schedule-zone">
        {t('schedule.zone', { zone: timeZoneName(zone) })}
      </p>
    </div>
  );
}
