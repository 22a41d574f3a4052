import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { Preflight, PressRelease } from '../../../shared/releases';
import { formatForViewer } from '../../lib/zoned-time';
import { Spinner } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { brandName } from '../../lib/brands';
import { formatKb, valuesFromRelease } from './editor-form';
import { EmailFrame, Envelope, envelopeRows, useExactEmail, useShownVersion, VersionSwitch } from './email-preview';
import { PreflightAudience, PreflightWarnings, SummarySection, useAllowanceText } from './preflight-summary';
import { RELEASES_PATH } from './releases-api';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * What an approver approves, before they decide (the workspace's publisher, or the brand's client): the
 * exact e-mail of each version as journalists get it (the shared template, as the editor's preview), its
 * brand, From, Reply-To and subject, the files to open, when it goes out in the reader's zone with the
 * region's warnings, and who receives it after every exclusion. A client seat reads counts and list names,
 * never an address, and nothing of the allowance (`allowance: false`).
 */
export function ApprovalReview({
  release,
  preflight,
  allowance,
}: {
  release: PressRelease;
  preflight: UseQueryResult<Preflight>;
  allowance: boolean;
}) {
  const { t } = useTranslation(['lifecycle', 'releases']);
  const allowanceText = useAllowanceText();
  return (
    <section
      aria-labelledby="approval-review-title"
      className="mt-4 rounded-lg border border-slate-200 bg-white p-4 text-slate-800"
      data-testid="approval-review"
    >
      <h3 id="approval-review-title" className="text-base font-semibold text-slate-900">
        {t('approve.what')}
      </h3>
      <div className="mt-3 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <ExactEmail release={release} />
        <div className="min-w-0 space-y-4 text-sm">
          <SendTime release={release} />
          <ReleaseFiles release={release} />
          <QueryState query={preflight} loading={<Spinner label={t('approve.checking')} className="py-4" />}>
            {(data) => (
              <div className="space-y-4" data-testid="approval-summary">
                <h4 className="sr-only">{t('approve.summary')}</h4>
                <PreflightWarnings warnings={data.warnings} />
                <PreflightAudience data={data} />
                {allowance && (
                  <SummarySection title={t('releases:presend.allowance')}>
                    <p data-testid="approval-allowance">{allowanceText(data.allowance)}</p>
                  </SummarySection>
                )}
              </div>
            )}
          </QueryState>
        </div>
      </div>
    </section>
  );
}

/** Each version's e-mail, exactly as sent, with its brand, From, Reply-To and subject. */
function ExactEmail({ release }: { release: PressRelease }) {
  const { t, i18n } = useTranslation(['lifecycle', 'releases']);
  const all = useMemo(() => valuesFromRelease(release), [release]);
  const { shown, setVersion } = useShownVersion(all);
  const preview = useExactEmail(all, shown, release.id);
  const brand = release.brand ? brandName(release.brand, i18n.language) : '—';
  return (
    <div className="min-w-0" data-testid="approval-envelope">
      <h4 className="mb-2 text-sm font-semibold text-slate-700">{t('approve.email')}</h4>
      <VersionSwitch values={all} shown={shown} onSelect={setVersion} />
      <Envelope rows={[{ label: t('approve.brand'), value: brand }, ...envelopeRows(t, preview)]} />
      <EmailFrame
        html={preview.email.html}
        title={t('approve.email')}
        className="h-[32rem] w-full rounded-md border border-slate-200 bg-slate-100"
      />
    </div>
  );
}

/** When it goes out, in the reader's zone (and as entered, if that was another), and its embargo. */
function SendTime({ release }: { release: PressRelease }) {
  const { t } = useTranslation(['lifecycle', 'releases']);
  const future = !!release.scheduledAt && Date.parse(release.scheduledAt) > Date.now();
  const reviewAhead = release.gatesAhead.includes('review');
  return (
    <SummarySection title={t('approve.when')}>
      <p data-testid="approval-when">
        {future
          ? formatForViewer(release.scheduledAt!, release.timeZone, 'long')
          : t(reviewAhead ? 'approve.nowWithReview' : 'approve.now')}
      </p>
      {release.embargo && (
        <p className="mt-1 font-medium text-amber-900">
          {t('releases:embargo.preview', {
            when: formatForViewer(release.embargo.until, release.embargo.timeZone, 'long'),
          })}
        </p>
      )}
    </SummarySection>
  );
}

/** The files that go with it, each to open as journalists will (the version it goes with, if only one). */
function ReleaseFiles({ release }: { release: PressRelease }) {
  const { t } = useTranslation(['lifecycle', 'releases']);
  return (
    <SummarySection title={t('approve.files')}>
      {release.attachments.length === 0 ? (
        <p className="text-slate-500">{t('releases:preview.noAttachments')}</p>
      ) : (
        <ul className="space-y-1" data-testid="approval-files">
          {release.attachments.map((file) => (
            <li key={file.id}>
              <a
                href={`${RELEASES_PATH}/${release.id}/attachments/${file.id}`}
                download={file.originalName}
                className="inline-flex max-w-full items-center gap-2 font-medium text-brand-700 hover:underline"
              >
                <Download className="h-4 w-4 shrink-0" aria-hidden />
                <bdi className="truncate">{file.originalName}</bdi>
                <span className="shrink-0 text-slate-500" dir="ltr">
                  ({formatKb(file.size)})
                </span>
              </a>
              {file.language && (
                <span className="block ps-6 text-xs text-slate-500">
                  {t('approve.fileFor', { version: t(`releases:presend.versions.${file.language}`) })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </SummarySection>
  );
}
