import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClipboardCheck, FileText, Send, UserCheck, Building2, Users } from 'lucide-react';
import { useDocumentTitle } from '../../lib/document-title';
import { formatNumber } from '../../lib/i18n';
import { PageTabs, useTabParam, type PageTab } from '../../ui/page-tabs';
import { QueryState } from '../../ui/query-state';
import type { AdminStats } from '../../../shared/admin';
import { StatTile } from '../../ui/stat-tile';
import { useAdminStats } from './admin-api';
import { AuditTab } from './audit-tab';
import { DeliveryLogTab } from './delivery-log-tab';
import { DeliverabilityTab } from './deliverability-tab';
import { SendingDomainCard } from './sending-domain-card';
import { OutboxTab } from './outbox-tab';
import { RecentUsers } from './recent-users';
import { SuppressionsTab } from './suppressions-tab';
import { WorkspacesTab } from './workspaces-tab';
import { SellerSettingsTab } from './seller-settings-tab';
import { UserManagement } from './user-management';

/** The console's tabs that other features draw: the app passes them in (app/pages/admin-page.tsx). */
export type ConsoleTabs = { research: ReactNode; feeds: ReactNode; dataRequests: ReactNode };

/**
 * /admin 'Super Admin Dashboard' (SPEC §2): stats, users and roles, and the outbox, suppressions and audit log;
 * the replies' Research queue, the coverage's Outlet feeds and the preferences' Data requests come as `tabs`.
 */
export function AdminConsole({ tabs: sections }: { tabs: ConsoleTabs }) {
  const { t } = useTranslation(['admin', 'desk']);
  useDocumentTitle(t('title'));
  // In the bar's order; ?tab= names one (the delivery log's links do), the users by default.
  const tabs: PageTab[] = [
    {
      value: 'users',
      label: t('tabs.users'),
      className: 'grid grid-cols-1 gap-6 lg:grid-cols-3',
      content: (
        <>
          <div className="lg:col-span-2">
            <UserManagement />
          </div>
          <RecentUsers />
        </>
      ),
    },
    { value: 'workspaces', label: t('tabs.workspaces'), content: <WorkspacesTab /> },
    { value: 'seller', label: t('desk:seller.tab'), content: <SellerSettingsTab /> },
    { value: 'outbox', label: t('tabs.outbox'), content: <OutboxTab /> },
    { value: 'suppressions', label: t('tabs.suppressions'), content: <SuppressionsTab /> },
    {
      value: 'deliverability',
      label: t('tabs.deliverability'),
      className: 'space-y-6',
      content: (
        <>
          <SendingDomainCard />
          <DeliverabilityTab />
        </>
      ),
    },
    { value: 'deliveries', label: t('desk:deliveryLog.tab'), content: <DeliveryLogTab /> },
    { value: 'research', label: t('tabs.research'), content: sections.research },
    { value: 'feeds', label: t('tabs.feeds'), content: sections.feeds },
    { value: 'data-requests', label: t('tabs.dataRequests'), content: sections.dataRequests },
    { value: 'audit', label: t('tabs.audit'), content: <AuditTab /> },
  ];
  const [tab, setTab] = useTabParam(tabs.map((tab) => tab.value));
  return (
    <main className="mx-auto max-w-7xl space-y-8 px-4 py-8">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-slate-600">{t('subtitle')}</p>
        </div>
        {/* Editorial review and its turnaround figures live on their own page, which editors share. */}
        <Link to="/admin/review" className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline">
          <ClipboardCheck className="h-4 w-4" aria-hidden />
          {t('reviewLink')}
        </Link>
      </header>
      <StatCards />
      <PageTabs label={t('tabs.label')} tabs={tabs} value={tab} onChange={setTab} />
    </main>
  );
}

function StatCards() {
  const stats = useAdminStats();
  return (
    <QueryState query={stats} loading={<StatGrid />}>
      {(found) => <StatGrid stats={found} />}
    </QueryState>
  );
}

/** The platform's five figures, a placeholder in each tile until they are known. */
function StatGrid({ stats: data }: { stats?: AdminStats }) {
  const { t } = useTranslation('admin');
  const cards: Array<{ key: string; value?: number; icon: ReactNode }> = [
    { key: 'totalUsers', value: data?.totalUsers, icon: <Users className="h-5 w-5" aria-hidden /> },
    { key: 'activeUsers', value: data?.activeUsers, icon: <UserCheck className="h-5 w-5" aria-hidden /> },
    { key: 'customerWorkspaces', value: data?.customerWorkspaces, icon: <Building2 className="h-5 w-5" aria-hidden /> },
    { key: 'totalReleases', value: data?.totalReleases, icon: <FileText className="h-5 w-5" aria-hidden /> },
    { key: 'sentReleases', value: data?.sentReleases, icon: <Send className="h-5 w-5" aria-hidden /> },
  ];
  return (
    <section aria-label={t('stats.label')} className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5">
      {cards.map((card) => (
        <StatTile
          key={card.key}
          label={t(`stats.${card.key}`)}
          value={formatNumber(card.value ?? 0)}
          icon={card.icon}
          pending={!data}
          valueTestId={`stat-${card.key}`}
        />
      ))}
    </section>
  );
}
