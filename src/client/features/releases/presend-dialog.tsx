import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, CalendarClock, Send } from 'lucide-react';
import type { Preflight, PreflightWarning } from '../../../shared/releases';
import type { LeftOut } from '../../../shared/preferences';
import { errorMessage } from '../../lib/api';
import i18n, { currentLocale, formatDate, formatNumber, translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ErrorState, Spinner } from '../../ui/feedback';
import { countryName, timeZoneName } from '../../lib/place-names';
import { toPreflightPayload, zonedInputToIso, type EditorValues } from './editor-form';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { formatInZone } from '../../lib/zoned-time';
import { FileList } from './email-preview';
import { usePreflight } from './releases-api';

type Props = {
  action: 'send_now' | 'schedule' | null;
  values: EditorValues;
  releaseId: string | undefined;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Send Now and Schedule ask first and say exactly what will happen: who receives it (after duplicates
 * and suppressed addresses), where and in which language they read, the files, the allowance it spends
 * and when it goes. The numbers are the server's (POST /api/press-releases/preflight).
 */
export function PresendDialog({ action, values, releaseId, pending, onConfirm, onClose }: Props) {
  const { t } = useTranslation('releases');
  const preflight = usePreflight(toPreflightPayload(values, action ?? 'send_now', releaseId), action !== null);
  const data = preflight.data;
  const nobody = data?.recipients === 0;
  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => !open && !pending && onClose()}
      title={action === 'schedule' ? t('presend.titleSchedule') : t('presend.titleSend')}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('presend.back')}
          </Button>
          <Button onClick={onConfirm} loading={pending} disabled={!data || nobody || preflight.isFetching}>
            {action === 'schedule' ? <CalendarClock className="h-4 w-4" aria-hidden /> : <Send className="flip-rtl h-4 w-4" aria-hidden />}
            {data
              ? data.review
                ? t('presend.confirmReview')
                : t(action === 'schedule' ? 'presend.confirmSchedule' : 'presend.confirmSend', { count: data.recipients, n: formatNumber(data.recipients) })
              : t('presend.checking')}
          </Button>
        </>
      }
    >
      {preflight.isPending && <Spinner label={t('presend.checking')} className="py-8" />}
      {preflight.isError && <ErrorState message={translateMessage(errorMessage(preflight.error))} onRetry={() => void preflight.refetch()} />}
      {data && <PreflightSummary data={data} values={values} />}
    </Dialog>
  );
}

function PreflightSummary({ data, values }: { data: Preflight; values: EditorValues }) {
  const { t } = useTranslation('releases');
  const embargoUntil = values.embargoOn ? zonedInputToIso(values.embargoAt, values.embargoZone) : '';
  const enteredElsewhere = data.sendAt && values.scheduleZone !== browserTimeZone();
  return (
    <div className="space-y-4 text-sm" data-testid="presend-summary">
      {data.warnings.length > 0 && (
        <ul className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900" aria-label={t('presend.warnings')}>
          {data.warnings.map((warning, i) => (
            <li key={i} className="flex items-start gap-2">
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>{warningText(t, warning)}</span>
            </li>
          ))}
        </ul>
      )}
      {data.review && (
        <p role="note" className="rounded-lg border border-brand-200 bg-brand-50 p-3 text-brand-900" data-testid="presend-review">
          {t('presend.reviewNote')}
        </p>
      )}
      <Section title={t('presend.when')}>
        <p data-testid="presend-when">{data.sendAt ? t('presend.at', { when: formatDate(data.sendAt, true), zone: timeZoneName(browserTimeZone()) }) : t('presend.now')}</p>
        {enteredElsewhere && <p className="text-slate-600">{t('presend.entered', { when: formatInZone(data.sendAt!, values.scheduleZone) })}</p>}
      </Section>
      {embargoUntil && (
        <Section title={t('presend.embargo')}>
          <p className="font-medium text-amber-900" data-testid="presend-embargo">
            {t('embargo.preview', { when: formatInZone(embargoUntil, values.embargoZone) })}
          </p>
          <p className="text-slate-600">{t('presend.embargoAcceptors', { count: data.recipients, n: formatNumber(data.recipients) })}</p>
        </Section>
      )}
      <LeftOutSummary leftOut={data.leftOut ?? []} />
      <Section title={t('presend.recipients')}>
        <p className="text-2xl font-bold text-slate-900" data-testid="presend-recipients">
          {formatNumber(data.recipients)}
        </p>
        <ul className="mt-1 space-y-0.5 text-slate-600">
          {data.lists.map((list) => (
            <li key={list.id}>
              <bdi>{list.name}</bdi> · {t('recipients.count', { count: list.contacts })}
            </li>
          ))}
          {data.duplicates > 0 && <li>{t('presend.duplicates', { count: data.duplicates })}</li>}
          {data.suppressedByReason.map((s) => (
            <li key={s.reason}>{t(`presend.suppressed.${s.reason}`, { count: s.count, defaultValue: t('presend.suppressed.other', { count: s.count }) })}</li>
          ))}
        </ul>
      </Section>
      <div className="grid gap-4 sm:grid-cols-2">
        <Section title={t('presend.byCountry')}>
          <Breakdown rows={data.byCountry.map((r) => ({ key: r.country, label: r.country || t('presend.unknown'), count: r.count }))} />
        </Section>
        <Section title={t('presend.byLanguage')}>
          <Breakdown rows={data.byLanguage.map((r) => ({ key: r.language, label: t(`presend.languages.${r.language}`, { defaultValue: r.language }), count: r.count }))} />
        </Section>
      </div>
      {data.byVersion.length > 1 && (
        <Section title={t('presend.byVersion')}>
          <div data-testid="presend-versions">
            <Breakdown rows={data.byVersion.map((r) => ({ key: r.language, label: t(`presend.versions.${r.language}`), count: r.count }))} />
          </div>
        </Section>
      )}
      <Section title={t('preview.attachments')}>
        <FileList files={data.attachments} label={t('preview.attachments')} className="space-y-0.5" />
      </Section>
      <Section title={t('presend.allowance')}>
        <p data-testid="presend-allowance">
          {data.allowance.remainingAfter === null
            ? t('presend.unlimited')
            : data.allowance.spends === 0
              ? t('presend.alreadyReserved', { count: data.allowance.remainingAfter })
              : t('presend.spends', { count: data.allowance.remainingAfter })}
        </p>
      </Section>
    </div>
  );
}

/** "312 left out: 120 asked for releases in another language only, …", each reason counted. */
function LeftOutSummary({ leftOut }: { leftOut: LeftOut[] }) {
  const { t } = useTranslation('releases');
  const shown = leftOut.filter((l) => l.count > 0);
  if (!shown.length) return null;
  const total = shown.reduce((sum, l) => sum + l.count, 0);
  return (
    <Section title={t('presend.leftOutTitle')}>
      <div data-testid="presend-left-out">
        <p>{t('presend.leftOut.total', { count: total, n: formatNumber(total) })}</p>
        <ul className="mt-1 list-disc space-y-0.5 ps-5 text-slate-600">
          {shown.map((l) => (
            <li key={l.reason}>{t(`presend.leftOut.${l.reason}`, { count: l.count, n: formatNumber(l.count) })}</li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

/** "UAE, Saudi Arabia" (the server's English names) in the reader's language and list punctuation. */
const countriesText = (countries: string) =>
  new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(countries.split(', ').map(countryName));

/** Warnings are written from their code in the reader's language; the server's English is the fallback. */
function warningText(t: (key: string, options?: Record<string, unknown>) => string, warning: PreflightWarning): string {
  const params = { ...warning.params };
  if (typeof params.countries === 'string') params.countries = countriesText(params.countries);
  if (typeof params.holidayAr === 'string' && i18n.language === 'ar') params.holiday = params.holidayAr;
  if (typeof params.language === 'string') params.language = t(`presend.languages.${params.language}`, { defaultValue: params.language });
  if (typeof params.releaseLanguage === 'string') params.releaseLanguage = t(`presend.languages.${params.releaseLanguage}`, { defaultValue: params.releaseLanguage });
  return t(`presend.warning.${warning.code}`, { ...params, defaultValue: warning.message });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-1 font-semibold text-slate-700">{title}</h3>
      {children}
    </section>
  );
}

function Breakdown({ rows }: { rows: Array<{ key: string; label: string; count: number }> }) {
  if (!rows.length) return <p className="text-slate-500">—</p>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {rows.map((row) => (
        <li key={row.key} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-700">
          <bdi>{row.label}</bdi> · {formatNumber(row.count)}
        </li>
      ))}
    </ul>
  );
}
