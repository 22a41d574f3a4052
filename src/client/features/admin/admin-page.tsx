import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import * as Tabs from '@radix-ui/react-tabs';
import { ClipboardCheck, FileText, Send, UserCheck, Building2, Users } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { formatNumber, translateMessage } from '../../lib/i18n';
import { Card } from '../../ui/card';
import { ErrorState, Skeleton } from '../../ui/feedback';
import { useAdminStats } from './admin-api';
import { AuditTab } from './audit-tab';
import { DeliveryLogTab } from './delivery-log-tab';
import { DataRequestsTab } from '../preferences/data-requests-tab';
import { DeliverabilityTab } from './deliverability-tab';
import { FeedsTab } from '../coverage/feeds-tab';
import { SendingDomainCard } from './sending-domain-card';
import { OutboxTab } from './outbox-tab';
import { RecentUsers } from './recent-users';
import { SuppressionsTab } from './suppressions-tab';
import { ResearchQueueTab } from '../replies/research-queue-tab';
import { WorkspacesTab } from './workspaces-tab';
import { SellerSettingsTab } from './seller-settings-tab';
import { UserManagement } from './user-management';

const TABS = ['users', 'workspaces', 'seller', 'outbox', 'suppressions', 'deliverability', 'deliveries', 'research', 'data-requests', 'feeds', 'audit'] as const;

/**
 * The open tab is in the address (?tab=), so another page can link to one, e.g. a customer's release to its
 * delivery log; a tab's own filters ride along and are dropped when another tab is chosen.
 */
function useTabParam() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.find((value) => value === asked) ?? 'users';
  return [tab, (value: string) => setParams({ tab: value }, { replace: true })] as const;
}

const TAB_CLASS =
  'whitespace-nowrap rounded-md px-4 py-2 text-sm font-medium text-slate-600 hover:bg-white/60 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm';

/** /admin 'Super Admin Dashboard' (SPEC §2): stats, users and roles, and the outbox, suppressions and audit log. */
export default function AdminPage() {
  const { t, i18n } = useTranslation(['admin', 'desk']);
  useDocumentTitle(t('title'));
  const [tab, setTab] = useTabParam();
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
      <Tabs.Root value={tab} onValueChange={setTab} dir={i18n.dir()} className="space-y-6">
        <Tabs.List
          aria-label={t('tabs.label')}
          className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 sm:flex"
        >
          <Tabs.Trigger value="users" className={TAB_CLASS}>
            {t('tabs.users')}
          </Tabs.Trigger>
          <Tabs.Trigger value="workspaces" className={TAB_CLASS}>
            {t('tabs.workspaces')}
          </Tabs.Trigger>
          <Tabs.Trigger value="seller" className={TAB_CLASS}>
            {t('desk:seller.tab')}
          </Tabs.Trigger>
          <Tabs.Trigger value="outbox" className={TAB_CLASS}>
            {t('tabs.outbox')}
          </Tabs.Trigger>
          <Tabs.Trigger value="suppressions" className={TAB_CLASS}>
            {t('tabs.suppressions')}
          </Tabs.Trigger>
          <Tabs.Trigger value="deliverability" className={TAB_CLASS}>
            {t('tabs.deliverability')}
          </Tabs.Trigger>
          <Tabs.Trigger value="deliveries" className={TAB_CLASS}>
            {t('desk:deliveryLog.tab')}
          </Tabs.Trigger>
          <Tabs.Trigger value="research" className={TAB_CLASS}>
            {t('tabs.research')}
          </Tabs.Trigger>
          <Tabs.Trigger value="feeds" className={TAB_CLASS}>
            {t('tabs.feeds')}
          </Tabs.Trigger>
          <Tabs.Trigger value="data-requests" className={TAB_CLASS}>
            {t('tabs.dataRequests')}
          </Tabs.Trigger>
          <Tabs.Trigger value="audit" className={TAB_CLASS}>
            {t('tabs.audit')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="users" className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <UserManagement />
          </div>
          <RecentUsers />
        </Tabs.Content>
        <Tabs.Content value="workspaces">
          <WorkspacesTab />
        </Tabs.Content>
        <Tabs.Content value="seller">
          <SellerSettingsTab />
        </Tabs.Content>
        <Tabs.Content value="outbox">
          <OutboxTab />
        </Tabs.Content>
        <Tabs.Content value="suppressions">
          <SuppressionsTab />
        </Tabs.Content>
        <Tabs.Content value="deliverability" className="space-y-6">
          <SendingDomainCard />
          <DeliverabilityTab />
        </Tabs.Content>
        <Tabs.Content value="deliveries">
          <DeliveryLogTab />
        </Tabs.Content>
        <Tabs.Content value="research">
          <ResearchQueueTab />
        </Tabs.Content>
        <Tabs.Content value="feeds">
          <FeedsTab />
        </Tabs.Content>
        <Tabs.Content value="data-requests">
          <DataRequestsTab />
        </Tabs.Content>
        <Tabs.Content value="audit">
          <AuditTab />
        </Tabs.Content>
      </Tabs.Root>
    </main>
  );
}

function StatCards() {
  const { t } = useTranslation('admin');
  const { data, isPending, isError, error, refetch } = useAdminStats();
  if (isError)
    return <ErrorState message={translateMessage(errorMessage(error))} onRetry={() => void refetch()} />;
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
        <Card key={card.key} className="p-5">
          <div className="flex items-center justify-between gap-2 text-slate-500">
            <h2 className="text-sm font-medium">{t(`stats.${card.key}`)}</h2>
            {card.icon}
          </div>
          {isPending ? (
            <Skeleton className="mt-3 h-8 w-16" />
          ) : (
            <p className="mt-2 text-3xl font-bold text-slate-900" data-testid={`stat-${card.key}`}>
              {formatNumber(card.value ?? 0)}
            </p>
          )}
        </Card>
      ))}
    </section>
  );
}
