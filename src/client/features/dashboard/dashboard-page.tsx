import type { ReactNode } from 'react';
import type { AnalyticsDashboard, PressReleaseSummary } from '../../../shared/releases';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BarChart3,
  Calendar,
  ChevronRight,
  ClipboardCheck,
  FileText,
  List,
  MessageSquareReply,
  Plus,
  TrendingUp,
  Users,
} from 'lucide-react';
import { useCurrentUser } from '../../lib/session';
import { roleLacks, useCan } from '../../lib/workspace';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatNumber, isolate } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Badge, EmptyState, RowsSkeleton } from '../../ui/feedback';
import { StatTile } from '../../ui/stat-tile';
import { QueryState, noItems } from '../../ui/query-state';
import { releaseTone } from '../../ui/status-tones';
import {
  RECENT_RELEASES_COUNT,
  useAwaitingApproval,
  useDashboardAnalytics,
  useRecentReleases,
} from './dashboard-queries';
import { RecentActivity } from './recent-activity';
import { RecentCoverage } from './recent-coverage';
import { IsolatedText } from '../../ui/isolated-text';
import { OwnText } from '../../ui/own-text';
import { titleFor } from '../../lib/release-title';
import { BrandFilter, BrandReportLink } from '../../ui/brand-filter';
import { BrandTag } from '../../ui/brand-tag';
import { brandName, useBrandParam, useBrands } from '../../lib/brands';

/** Releases the customer can still change open in the editor; the others on their own page. */
const EDITABLE: string[] = ['draft', 'scheduled', 'changes_requested'];

/** What the releases feature draws under each recent release: its next step in a few words (app/pages/dashboard-page.tsx). */
export type NextStepOf = (release: PressReleaseSummary) => ReactNode;

/** SPEC §2 Dashboard: welcome header, four stat cards, recent releases and shortcuts. */
export function Dashboard({ nextStep }: { nextStep: NextStepOf }) {
  // The brands texts load with the page, not later when the brands arrive (which would show the spinner again).
  const { t } = useTranslation(['dashboard', 'brands']);
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const [brandParam, setBrand] = useBrandParam();
  const brandId = brandParam || undefined;
  const stats = useDashboardAnalytics(brandId);
  const can = useCan();
  useDocumentTitle(t('title'));
  // Someone who has not written a release yet is welcomed, not welcomed back (before the numbers
  // arrive, an account made today counts as new).
  const isNew = stats.data
    ? stats.data.totalReleases === 0
    : !!user && Date.now() - Date.parse(user.createdAt) < 86_400_000;

  return (
    <main className="mx-auto max-w-7xl space-y-8 px-4 py-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl" data-testid="dashboard-welcome">
            <Welcome isNew={isNew} firstName={user?.firstName} />
          </h1>
          <p className="mt-1 text-slate-600" dir="auto">
            {user?.companyName}
          </p>
        </div>
        {can('write') && (
          <Button size="lg" onClick={() => navigate('/editor')}>
            <Plus className="h-5 w-5" aria-hidden />
            {t('newRelease')}
          </Button>
        )}
      </header>
      <DashboardBrands brandId={brandId ?? ''} onChange={setBrand} />
      {can('publish') && <AwaitingApproval status="awaiting_approval" />}
      {can('clientApprove') && <AwaitingApproval status="awaiting_client_approval" />}
      <StatCards brandId={brandId} />
      <RecentCoverage />
      <RecentReleases brandId={brandId} nextStep={nextStep} />
      {/* A client seat sees its brands' releases only: not the workspace's campaigns, contacts or lists. */}
      {!roleLacks(user, 'browse') && <RecentActivity />}
      <Shortcuts />
    </main>
  );
}

/** "Welcome, Adel" for someone new, "Welcome back, Adel" after; without a first name, the greeting alone. */
function Welcome({ isNew, firstName }: { isNew: boolean; firstName?: string }) {
  const { t } = useTranslation('dashboard');
  const name = firstName?.trim();
  if (!name) return <>{isNew ? t('welcome') : t('welcomeBack')}</>;
  return <IsolatedText text={t(isNew ? 'welcomeNamed' : 'welcomeBackNamed', { name: isolate(name) })} />;
}

/**
 * With two brands or more, the numbers and releases below can be narrowed to one; a client seat with one
 * brand gets the link to its report instead.
 */
function DashboardBrands({ brandId, onChange }: { brandId: string; onChange: (id: string) => void }) {
  const { t, i18n } = useTranslation('brands');
  const { data: user } = useCurrentUser();
  const brands = useBrands();
  const active = brands.data?.filter((brand) => !brand.archivedAt) ?? [];
  if (active.length === 0) return null;
  // A company's own team has its analytics; a client seat of one brand is shown the way to that brand's report.
  if (active.length === 1) {
    if (!roleLacks(user, 'browse')) return null;
    return (
      <div className="flex" data-testid="dashboard-brands">
        <BrandReportLink
          brandId={active[0].id}
          label={t('report.openFor', { name: brandName(active[0], i18n.language) })}
        />
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="dashboard-brands">
      <BrandFilter
        brands={brands.data}
        value={brandId}
        onChange={onChange}
        className="w-full sm:w-auto sm:min-w-64"
      />
    </div>
  );
}

function StatCards({ brandId }: { brandId?: string }) {
  const stats = useDashboardAnalytics(brandId);
  return (
    <QueryState query={stats} loading={<StatGrid />}>
      {(found) => <StatGrid data={found} />}
    </QueryState>
  );
}

/** The stat cards, a placeholder in each until the figures are known. */
function StatGrid({ data }: { data?: AnalyticsDashboard }) {
  const { t } = useTranslation('dashboard');
  const { data: user } = useCurrentUser();
  const all: { label: string; value?: string; sub: string; icon: ReactNode }[] = [
    {
      label: t('stats.totalReleases'),
      value: data && formatNumber(data.totalReleases),
      sub: t('stats.thisMonthSub', { value: formatNumber(data?.thisMonth ?? 0) }),
      icon: <FileText className="h-5 w-5" aria-hidden />,
    },
    {
      label: t('stats.openRate'),
      // No rate before anything went out in the last 30 days: a dash, not "0%".
      value: data && (data.openRate ?? '—'),
      sub: data && data.openRate === null ? t('stats.nothingSent') : t('stats.last30Days'),
      icon: <TrendingUp className="h-5 w-5" aria-hidden />,
    },
    {
      label: t('stats.replyRate'),
      // Human replies ÷ delivered over the sent releases: the figure the release pages and the report show.
      value: data && `${formatNumber(data.replyRate ?? 0)}%`,
      sub: t('stats.repliesSub', { count: data?.replies ?? 0, value: formatNumber(data?.replies ?? 0) }),
      icon: <MessageSquareReply className="h-5 w-5" aria-hidden />,
    },
    {
      label: t('stats.mediaContacts'),
      value: data && formatNumber(data.mediaContacts),
      sub: t('stats.inYourLists'),
      icon: <Users className="h-5 w-5" aria-hidden />,
    },
    {
      label: t('stats.thisMonth'),
      value: data && formatNumber(data.sentThisMonth ?? 0),
      sub: t('stats.releasesSent'),
      icon: <Calendar className="h-5 w-5" aria-hidden />,
    },
  ];
  // The lists are the workspace's: a client seat is not shown a count of them.
  const cards = roleLacks(user, 'browse')
    ? all.filter((card) => card.label !== t('stats.mediaContacts'))
    : all;
  return (
    <section
      aria-label={t('stats.label')}
      className={
        cards.length === 5
          ? 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5'
          : 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4'
      }
    >
      {cards.map((card) => (
        <StatTile key={card.label} {...card} pending={!data} valueTestId="stat-value" />
      ))}
    </section>
  );
}

/** For those who approve, first on the dashboard: what waits for them. Nothing is shown when nothing waits. */
function AwaitingApproval({ status }: { status: 'awaiting_approval' | 'awaiting_client_approval' }) {
  const { t, i18n } = useTranslation(['dashboard', 'brands']);
  const { data } = useAwaitingApproval(true, status);
  if (!data || data.items.length === 0) return null;
  return (
    <section
      aria-labelledby={`dashboard-${status}-heading`}
      className="rounded-xl border border-amber-200 bg-amber-50/60 p-4"
      data-testid={
        status === 'awaiting_client_approval'
          ? 'dashboard-awaiting-client-approval'
          : 'dashboard-awaiting-approval'
      }
    >
      <div className="flex items-center justify-between gap-4">
        <h2
          id={`dashboard-${status}-heading`}
          className="flex items-center gap-2 font-semibold text-amber-900"
        >
          <ClipboardCheck className="h-5 w-5" aria-hidden />
          {t(status === 'awaiting_client_approval' ? 'brands:clientApproval.listTitle' : 'awaiting.title', {
            count: data.total,
            formatted: formatNumber(data.total),
          })}
        </h2>
        <Link to="/press-releases" className="text-sm font-medium text-brand-700 hover:underline">
          {t('recent.viewAll')}
        </Link>
      </div>
      <ul className="mt-2 divide-y divide-amber-100">
        {data.items.map((release) => (
          <li key={release.id}>
            <Link
              to={`/analytics/${release.id}`}
              className="flex items-center justify-between gap-4 rounded-md px-2 py-2 hover:bg-amber-100/60"
            >
              <OwnText as="span" className="font-medium text-slate-900">
                {titleFor(release, i18n.language)}
              </OwnText>
              <span className="shrink-0 text-xs text-slate-600">{formatDate(release.updatedAt, true)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RecentReleases({ brandId, nextStep }: { brandId?: string; nextStep: NextStepOf }) {
  const { t, i18n } = useTranslation('dashboard');
  const navigate = useNavigate();
  const can = useCan();
  const recent = useRecentReleases(brandId);

  return (
    <Card>
      <CardHeader
        title={t('recent.title')}
        action={
          <Link to="/press-releases" className="text-sm font-medium text-brand-600 hover:underline">
            {t('recent.viewAll')}
          </Link>
        }
      />
      <CardBody>
        <QueryState
          query={recent}
          loading={<RowsSkeleton rows={3} height="h-14" />}
          isEmpty={noItems}
          empty={
            <EmptyState
              icon={<FileText className="h-10 w-10" aria-hidden />}
              title={t('recent.empty')}
              action={
                can('write') && (
                  <Button onClick={() => navigate('/editor')}>
                    <Plus className="h-4 w-4" aria-hidden />
                    {t('recent.create')}
                  </Button>
                )
              }
            />
          }
        >
          {(found) => (
            <ul className="divide-y divide-slate-100">
              {found.items.slice(0, RECENT_RELEASES_COUNT).map((release) => (
                <li key={release.id}>
                  <Link
                    to={
                      can('write') && EDITABLE.includes(release.status)
                        ? `/editor/${release.id}`
                        : `/analytics/${release.id}`
                    }
                    className="flex items-center justify-between gap-4 rounded-md px-2 py-3 hover:bg-slate-50"
                  >
                    <div className="min-w-0">
                      <OwnText as="p" className="font-medium text-slate-900">
                        {titleFor(release, i18n.language)}
                      </OwnText>
                      <p className="text-xs text-slate-500">
                        {t('recent.created')} {formatDate(release.createdAt)}
                      </p>
                      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                        <BrandTag brand={release.brand} />
                        {nextStep(release)}
                      </div>
                    </div>
                    <Badge tone={releaseTone(release.status)}>{t(`status.${release.status}`)}</Badge>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardBody>
    </Card>
  );
}

function Shortcuts() {
  const { t } = useTranslation('dashboard');
  const { data: user } = useCurrentUser();
  // The media database and lists are the workspace's own things: not offered to a client seat.
  const browse = !roleLacks(user, 'browse');
  const shortcuts = [
    ...(browse
      ? [
          {
            to: '/contacts-new',
            title: t('shortcuts.contacts'),
            text: t('shortcuts.contactsText'),
            icon: <Users className="h-6 w-6" aria-hidden />,
          },
          {
            to: '/my-lists',
            title: t('shortcuts.lists'),
            text: t('shortcuts.listsText'),
            icon: <List className="h-6 w-6" aria-hidden />,
          },
        ]
      : []),
    {
      to: '/analytics',
      title: t('shortcuts.analytics'),
      text: t('shortcuts.analyticsText'),
      icon: <BarChart3 className="h-6 w-6" aria-hidden />,
    },
  ];
  return (
    <section aria-label={t('shortcuts.label')} className="grid grid-cols-1 gap-4 md:grid-cols-3">
      {shortcuts.map((s) => (
        <Link
          key={s.to}
          to={s.to}
          className="group rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-200 hover:shadow"
        >
          <div className="flex items-center gap-3">
            <span className="rounded-lg bg-brand-50 p-2 text-brand-700">{s.icon}</span>
            <h2 className="font-semibold text-slate-900">{s.title}</h2>
            <ChevronRight
              className="flip-rtl ms-auto h-4 w-4 text-slate-300 group-hover:text-brand-500"
              aria-hidden
            />
          </div>
          <p className="mt-2 text-sm text-slate-500">{s.text}</p>
        </Link>
      ))}
    </section>
  );
}
