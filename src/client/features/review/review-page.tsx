import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, ArrowLeft, ExternalLink } from 'lucide-react';
import type { LinkCheck, ReviewDetail } from '../../../shared/review';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatNumber, isolate, translateMessage } from '../../lib/i18n';
import { formatForViewer } from '../../lib/zoned-time';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Badge, PageSkeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { releaseTone } from '../../ui/status-tones';
import { useLinkChecks, useReviewDetail } from './review-api';
import { DecisionPanel } from './decision-panel';
import { brandName } from '../../lib/brands';

/** One release under review: exactly as recipients get it, its audience, its links, the findings, the decision. */
export default function ReviewPage() {
  const { t } = useTranslation('review');
  const { id = '' } = useParams();
  const detail = useReviewDetail(id);
  useDocumentTitle(detail.data ? t('detail.pageTitle', { title: detail.data.pressRelease.title }) : t('queue.title'));
  return (
    <QueryState query={detail} loading={<PageSkeleton title="w-80" />} frame={(state) => <main className="mx-auto max-w-3xl px-4 py-8">{state}</main>}>
      {(found) => <ReviewedRelease detail={found} />}
    </QueryState>
  );
}


function ReviewedRelease({ detail: d }: { detail: ReviewDetail }) {
  const { t, i18n } = useTranslation('review');
  const navigate = useNavigate();
  const r = d.pressRelease;
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <Link to="/admin/review" className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline">
        <ArrowLeft className="flip-rtl h-4 w-4" aria-hidden />
        {t('detail.back')}
      </Link>
      <header>
        <p className="text-sm font-medium text-slate-500">
          <bdi>{d.companyName}</bdi> · <bdi dir="ltr">{d.ownerEmail}</bdi>
        </p>
        {/* The brand it speaks for: an agency's release names its client, not the agency. */}
        {r.brand && (
          <p className="text-sm text-slate-600" data-testid="review-brand">
            {t('detail.brand', { brand: isolate(brandName(r.brand, i18n.language)) })}
          </p>
        )}
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl" dir="auto">
          {r.title}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Badge tone={releaseTone(r.status)}>{t(`status.${r.status}`, { defaultValue: r.status })}</Badge>
          {r.review && <span>{t('detail.submitted', { when: formatDate(r.review.submittedAt, true) })}</span>}
          <span>{r.scheduledAt ? t('queue.scheduledFor', { when: formatForViewer(r.scheduledAt, r.timeZone) }) : t('queue.sendNow')}</span>
          {r.embargo && (
            <span data-testid="review-embargo">
              <Badge tone="amber">{t('detail.embargo', { when: formatForViewer(r.embargo.until, r.embargo.timeZone, 'long') })}</Badge>
            </span>
          )}
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <EmailPreview detail={d} />
        <div className="space-y-6">
          {r.status === 'in_review' ? (
            <DecisionPanel id={r.id} onDecided={() => navigate('/admin/review')} />
          ) : (
            <Card className="p-4 text-sm text-slate-600" role="status">
              {t('detail.decided')}
            </Card>
          )}
          <Findings findings={d.findings} />
          <Files release={r} />
          <Audience detail={d} />
          <Links id={r.id} links={d.links} />
        </div>
      </div>
    </main>
  );
}

/** Each version's email exactly as its readers get it, one at a time. */
function EmailPreview({ detail }: { detail: ReviewDetail }) {
  const { t } = useTranslation('review');
  const [shown, setShown] = useState(0);
  const version = detail.versions[shown] ?? { language: detail.pressRelease.language, subject: detail.subject, html: detail.html, from: null };
  return (
    <Card className="overflow-hidden">
      <CardHeader
        title={t('detail.preview')}
        description={
          <>
            <span className="block" data-testid="review-subject">{t('detail.subject', { subject: isolate(version.subject) })}</span>
            {version.from && (
              <span className="block" data-testid="review-from">{t('detail.from', { from: isolate(version.from) })}</span>
            )}
          </>
        }
        action={
          detail.versions.length > 1 ? (
            <div role="group" aria-label={t('detail.versions')} className="flex gap-1">
              {detail.versions.map((v, i) => (
                <button
                  key={v.language}
                  type="button"
                  aria-pressed={i === shown}
                  onClick={() => setShown(i)}
                  className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
                >
                  {t(`languages.${v.language}`)}
                </button>
              ))}
            </div>
          ) : undefined
        }
      />
      {/* The email as recipients get it; sandboxed: its links open in a new tab, nothing in it runs. */}
      <iframe title={t('detail.preview')} srcDoc={version.html} sandbox="allow-popups allow-popups-to-escape-sandbox" className="h-[70vh] w-full border-0" />
    </Card>
  );
}

/** The release's files, opened in a new tab (the preview is sandboxed and carries no session). */
function Files({ release }: { release: ReviewDetail['pressRelease'] }) {
  const { t } = useTranslation('review');
  return (
    <Card>
      <CardHeader title={t('detail.files')} />
      <CardBody>
        <ul className="space-y-2 text-sm" data-testid="files">
          {release.attachments.map((file) => (
            <li key={file.id}>
              <a
                href={`/api/press-releases/${release.id}/attachments/${file.id}`}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
              >
                <bdi>{file.originalName}</bdi>
                <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
              </a>
              <span className="ms-2 text-xs text-slate-500" dir="ltr">
                {formatNumber(Math.max(1, Math.round(file.size / 1024)))} KB
              </span>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

function Findings({ findings }: { findings: ReviewDetail['findings'] }) {
  const { t } = useTranslation('review');
  return (
    <Card>
      <CardHeader title={t('detail.findings')} />
      <CardBody>
        {findings.length === 0 ? (
          <p className="text-sm text-slate-600">{t('detail.noFindings')}</p>
        ) : (
          <ul className="space-y-2 text-sm" data-testid="findings">
            {findings.map((f, i) => (
              <li key={`${f.code}-${i}`} className="flex gap-2 text-amber-800">
                <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                <span>{t(`findings.${f.code}`, { ...f.params, defaultValue: translateMessage(f.message) })}</span>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

function Audience({ detail }: { detail: ReviewDetail }) {
  const { t } = useTranslation('review');
  const rows = (items: Array<{ key: string; count: number }>) => (
    <ul className="mt-1 space-y-1">
      {items.map((item) => (
        <li key={item.key} className="flex justify-between gap-2">
          <bdi>{item.key || t('detail.unknown')}</bdi>
          <span className="text-slate-500">{formatNumber(item.count)}</span>
        </li>
      ))}
    </ul>
  );
  return (
    <Card>
      <CardHeader title={t('queue.recipients', { count: detail.recipients, n: formatNumber(detail.recipients) })} />
      <CardBody className="grid grid-cols-2 gap-4 text-sm">
        <div>
          <h3 className="font-semibold text-slate-700">{t('detail.byCountry')}</h3>
          {rows(detail.byCountry.map((c) => ({ key: c.country, count: c.count })))}
        </div>
        <div>
          <h3 className="font-semibold text-slate-700">{t('detail.byLanguage')}</h3>
          {rows(detail.byLanguage.map((l) => ({ key: l.language, count: l.count })))}
        </div>
        {detail.byVersion.length > 1 && (
          <div className="col-span-2" data-testid="review-versions">
            <h3 className="font-semibold text-slate-700">{t('detail.byVersion')}</h3>
            {rows(detail.byVersion.map((v) => ({ key: t(`languages.${v.language}`), count: v.count })))}
          </div>
        )}
      </CardBody>
    </Card>
  );
}

function Links({ id, links }: { id: string; links: ReviewDetail['links'] }) {
  const { t } = useTranslation('review');
  const checks = useLinkChecks(id);
  const checkOf = (href: string) => checks.data?.links.find((c) => c.href === href);
  return (
    <Card>
      <CardHeader title={t('detail.links')} />
      <CardBody>
        {links.length === 0 ? (
          <p className="text-sm text-slate-600">{t('detail.noLinks')}</p>
        ) : (
          <ul className="space-y-3 text-sm" data-testid="links">
            {links.map((link, i) => (
              <li key={`${link.href}-${i}`} className="min-w-0">
                <bdi className="block font-medium text-slate-800">{link.text}</bdi>
                <a href={link.href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 break-all text-brand-700 hover:underline" dir="ltr">
                  {link.href}
                  <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
                </a>
                <LinkAnswer check={checkOf(link.href)} pending={checks.isPending} failed={checks.isError} />
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

function LinkAnswer({ check, pending, failed }: { check: LinkCheck | undefined; pending: boolean; failed: boolean }) {
  const { t } = useTranslation('review');
  if (pending) return <p className="text-xs text-slate-500">{t('links.checking')}</p>;
  if (failed || !check) return <p className="text-xs text-slate-500">{t('links.unknown')}</p>;
  if (check.ok) return <Badge tone="green">{t('links.answers', { status: check.status })}</Badge>;
  return <Badge tone="red">{t(`links.${check.problem ?? 'unreachable'}`, { status: check.status })}</Badge>;
}
