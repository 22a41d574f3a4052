import { useTranslation } from 'react-i18next';
import { CalendarClock, Send } from 'lucide-react';
import type { Preflight, PressRelease, ReleaseGate } from '../../../shared/releases';
import { formatDate, formatNumber } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Spinner } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { timeZoneName } from '../../lib/place-names';
import { toPreflightPayload, zonedInputToIso, type EditorValues } from './editor-form';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { formatInZone } from '../../lib/zoned-time';
import { FileList } from './email-preview';
import { useGatesText } from './lifecycle-words';
import { PreflightAudience, PreflightWarnings, SummarySection, useAllowanceText } from './preflight-summary';
import { usePreflight } from './releases-api';
import { EmbargoAudienceLines } from './embargo-audience';

type Props = {
  action: 'send_now' | 'schedule' | null;
  values: EditorValues;
  releaseId: string | undefined;
  /** The stored release, when there is one: the gates its send meets, as the server names them. */
  release?: PressRelease;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Send Now and Schedule ask first and say exactly what will happen: who receives it (after duplicates
 * and suppressed addresses), where and in which language they read, the files, the allowance it spends,
 * every step still ahead of it (an approver, the client, Nashr's editor) and when it goes. The numbers are
 * the server's (POST /api/press-releases/preflight).
 */
export function PresendDialog({ action, values, releaseId, release, pending, onConfirm, onClose }: Props) {
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
      <QueryState query={preflight} loading={<Spinner label={t('presend.checking')} className="py-8" />}>
        {(checked) => <PreflightSummary data={checked} values={values} release={release} />}
      </QueryState>
    </Dialog>
  );
}

/**
 * The gates of this send: the stored release's (the server knows the brand's client approval), else what
 * the pre-send check says of the workspace's approval and the review.
 */
function gatesOf(data: Preflight, release: PressRelease | undefined): ReleaseGate[] {
  if (release && (release.status === 'draft' || release.status === 'changes_requested')) return release.gatesAhead;
  return [...(data.approval ? (['workspace_approval'] as const) : []), ...(data.review ? (['review'] as const) : [])];
}

function PreflightSummary({ data, values, release }: { data: Preflight; values: EditorValues; release?: PressRelease }) {
  const { t } = useTranslation('releases');
  const allowance = useAllowanceText();
  const gates = useGatesText()(gatesOf(data, release), release?.brand ?? null);
  const embargoUntil = values.embargoOn ? zonedInputToIso(values.embargoAt, values.embargoZone) : '';
  const enteredElsewhere = data.sendAt && values.scheduleZone !== browserTimeZone();
  return (
    <div className="space-y-4 text-sm" data-testid="presend-summary">
      <PreflightWarnings warnings={data.warnings} />
      {data.review && (
        <p role="note" className="rounded-lg border border-brand-200 bg-brand-50 p-3 text-brand-900" data-testid="presend-review">
          {t('presend.reviewNote')}
        </p>
      )}
      {gates && (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-800" data-testid="presend-gates">
          {gates}
        </p>
      )}
      <SummarySection title={t('presend.when')}>
        <p data-testid="presend-when">{data.sendAt ? t('presend.at', { when: formatDate(data.sendAt, true), zone: timeZoneName(browserTimeZone()) }) : t('presend.now')}</p>
        {enteredElsewhere && <p className="text-slate-600">{t('presend.entered', { when: formatInZone(data.sendAt!, values.scheduleZone) })}</p>}
      </SummarySection>
      {embargoUntil && (
        <SummarySection title={t('presend.embargo')}>
          <p className="font-medium text-amber-900" data-testid="presend-embargo">
            {t('embargo.preview', { when: formatInZone(embargoUntil, values.embargoZone) })}
          </p>
          {data.embargo && <EmbargoAudienceLines audience={data.embargo} testId="presend-embargo-audience" />}
        </SummarySection>
      )}
      <PreflightAudience data={data} />
      <SummarySection title={t('preview.attachments')}>
        <FileList files={data.attachments} label={t('preview.attachments')} className="space-y-0.5" />
      </SummarySection>
      <SummarySection title={t('presend.allowance')}>
        <p data-testid="presend-allowance">{allowance(data.allowance)}</p>
      </SummarySection>
    </div>
  );
}
