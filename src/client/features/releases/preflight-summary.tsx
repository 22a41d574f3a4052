import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import type { Preflight, PreflightWarning } from '../../../shared/releases';
import type { LeftOut } from '../../../shared/preferences';
import i18n, { currentLocale, formatNumber } from '../../lib/i18n';
import { countryName } from '../../lib/place-names';

/**
 * The pieces of the pre-send summary (the server's numbers, GET or POST …/preflight): the warnings, and
 * who receives it — after duplicates, suppressions and journalists' choices, by country, language and
 * version. The editor's Send confirmation and the approvers' panels (the workspace's, the client's) show
 * the same pieces; only counts and list names, never an address.
 */

/** "It arrives on the weekend in Saudi Arabia": the send time's regional warnings and the content's. */
export function PreflightWarnings({ warnings }: { warnings: PreflightWarning[] }) {
  const { t } = useTranslation('releases');
  if (!warnings.length) return null;
  return (
    <ul
      className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900"
      aria-label={t('presend.warnings')}
      data-testid="presend-warnings"
    >
      {warnings.map((warning, i) => (
        <li key={i} className="flex items-start gap-2">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{warningText(t, warning)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Who receives it: those left out and why, the recipients of each list, by country, language and version. */
export function PreflightAudience({ data }: { data: Preflight }) {
  const { t } = useTranslation('releases');
  return (
    <>
      <LeftOutSummary leftOut={data.leftOut ?? []} />
      <SummarySection title={t('presend.recipients')}>
        <p className="text-2xl font-bold text-slate-900" data-testid="presend-recipients">
          {formatNumber(data.recipients)}
        </p>
        <ul className="mt-1 space-y-0.5 text-slate-600">
          {data.lists.map((list) => (
            <li key={list.id}>
              <bdi>{list.name}</bdi> · {t('recipients.count', { count: list.contacts })}
            </li>
          ))}
          {/* Who is left out and why is said once, under "Left out" above, not again here in other words. */}
          {data.duplicates > 0 && <li>{t('presend.duplicates', { count: data.duplicates })}</li>}
        </ul>
      </SummarySection>
      <div className="grid gap-4 sm:grid-cols-2">
        <SummarySection title={t('presend.byCountry')}>
          <Breakdown
            rows={data.byCountry.map((r) => ({ key: r.country, label: r.country ? countryName(r.country) : t('presend.unknown'), count: r.count }))}
          />
        </SummarySection>
        <SummarySection title={t('presend.byLanguage')}>
          <Breakdown
            rows={data.byLanguage.map((r) => ({
              key: r.language,
              label: r.language ? t(`presend.languages.${r.language}`, { defaultValue: r.language }) : t('presend.unknown'),
              count: r.count,
            }))}
          />
        </SummarySection>
      </div>
      {data.byVersion.length > 1 && (
        <SummarySection title={t('presend.byVersion')}>
          <div data-testid="presend-versions">
            <Breakdown
              rows={data.byVersion.map((r) => ({ key: r.language, label: t(`presend.versions.${r.language}`), count: r.count }))}
            />
          </div>
        </SummarySection>
      )}
    </>
  );
}

/** "Uses 1 press release; 3 left after this" (or already reserved, or not limited). */
export function useAllowanceText() {
  const { t } = useTranslation('releases');
  return (allowance: Preflight['allowance']): string =>
    allowance.remainingAfter === null
      ? t('presend.unlimited')
      : allowance.spends === 0
        ? t('presend.alreadyReserved', { count: allowance.remainingAfter })
        : t('presend.spends', { count: allowance.remainingAfter });
}

/** "312 left out: 120 asked for releases in another language only, …", each reason counted. */
function LeftOutSummary({ leftOut }: { leftOut: LeftOut[] }) {
  const { t } = useTranslation('releases');
  const shown = leftOut.filter((l) => l.count > 0);
  if (!shown.length) return null;
  const total = shown.reduce((sum, l) => sum + l.count, 0);
  return (
    <SummarySection title={t('presend.leftOutTitle')}>
      <div data-testid="presend-left-out">
        <p>{t('presend.leftOut.total', { count: total, n: formatNumber(total) })}</p>
        <ul className="mt-1 list-disc space-y-0.5 ps-5 text-slate-600">
          {shown.map((l) => (
            <li key={l.reason}>{t(`presend.leftOut.${l.reason}`, { count: l.count, n: formatNumber(l.count) })}</li>
          ))}
        </ul>
      </div>
    </SummarySection>
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

/** A titled part of the summary. */
export function SummarySection({ title, children }: { title: string; children: ReactNode }) {
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
