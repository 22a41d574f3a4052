import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Building2 } from 'lucide-react';
import type { AdminWorkspaceDetail } from '../../../shared/admin';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatNumber } from '../../lib/i18n';
import { Card } from '../../ui/card';
import { Badge, EmptyState, Skeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { Notice } from '../../ui/notice';
import { CustomerActions } from './customer-actions';
import { CustomerDocuments } from './customer-documents';
import { CustomerMembers, RecentSignIns } from './customer-members';
import { CustomerPurchases } from './customer-purchases';
import { CustomerNewsrooms, CustomerReleases } from './customer-releases';
import { useWorkspaceDetail } from './desk-api';

/** /admin/workspaces/:id: one customer on one page, and what the operator can do for it (issue 29). */
export default function WorkspaceDetailPage() {
  const { t } = useTranslation('desk');
  const { id = '' } = useParams();
  const detail = useWorkspaceDetail(id);
  useDocumentTitle(detail.data ? t('detail.pageTitle', { name: detail.data.name }) : t('detail.title'));

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8" data-testid="workspace-detail">
      <Link to="/admin" className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline">
        <ArrowLeft className="flip-rtl h-4 w-4" aria-hidden />
        {t('detail.back')}
      </Link>
      <QueryState
        query={detail}
        loading={<DetailSkeleton />}
        notFound={
          <EmptyState
            icon={<Building2 className="h-10 w-10" aria-hidden />}
            title={t('detail.notFound')}
            description={t('detail.notFoundText')}
          />
        }
      >
        {(customer) => <CustomerPage customer={customer} />}
      </QueryState>
    </main>
  );
}

function CustomerPage({ customer }: { customer: AdminWorkspaceDetail }) {
  const { t } = useTranslation('desk');
  return (
    <>
      <header className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-500">{t('detail.title')}</p>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
            <bdi>{customer.name}</bdi>
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge tone={customer.userType === 'active' && !customer.packageRefunded ? 'green' : 'slate'}>
              {customer.packageRefunded ? t('detail.packageRefunded') : t(`detail.userType.${customer.userType}`)}
            </Badge>
            {customer.trusted && <Badge tone="blue">{t('detail.trusted')}</Badge>}
            {customer.suspended && <Badge tone="red">{t('detail.suspendedBadge')}</Badge>}
            <span>{t('detail.since', { date: formatDate(customer.createdAt) })}</span>
          </div>
        </div>
        <CustomerActions customer={customer} />
      </header>
      {customer.suspended && (
        <div data-testid="suspended-banner">
          <Notice tone="error" title={t('detail.suspendedTitle', { date: formatDate(customer.suspended.at, true) })}>
            {t('detail.suspendedReason')} <bdi>{customer.suspended.reason}</bdi>
          </Notice>
        </div>
      )}
      <Allowance allowance={customer.allowance} />
      <CustomerMembers customer={customer} />
      <CustomerPurchases customer={customer} />
      <CustomerDocuments invoices={customer.invoices} />
      <CustomerReleases releases={customer.releases} />
      <div className="grid gap-6 lg:grid-cols-2">
        <CustomerNewsrooms newsrooms={customer.newsrooms} />
        <RecentSignIns signIns={customer.recentSignIns} />
      </div>
    </>
  );
}

function Allowance({ allowance }: { allowance: AdminWorkspaceDetail['allowance'] }) {
  const { t } = useTranslation('desk');
  const figures: Array<{ key: 'limit' | 'used' | 'remaining'; value: number }> = [
    { key: 'limit', value: allowance.limit },
    { key: 'used', value: allowance.used },
    { key: 'remaining', value: allowance.remaining },
  ];
  return (
    <section aria-labelledby="allowance-heading">
      <h2 id="allowance-heading" className="sr-only">
        {t('allowance.title')}
      </h2>
      <dl className="grid grid-cols-3 gap-4" data-testid="allowance">
        {figures.map((figure) => (
          <Figure key={figure.key} label={t(`allowance.${figure.key}`)}>
            {formatNumber(figure.value)}
          </Figure>
        ))}
      </dl>
      {allowance.granted > 0 && (
        <p className="mt-2 text-sm text-slate-600" data-testid="allowance-granted">
          {t('allowance.granted', { count: allowance.granted, formatted: formatNumber(allowance.granted) })}
        </p>
      )}
    </section>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card className="p-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{children}</dd>
    </Card>
  );
}

function DetailSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <Skeleton className="h-10 w-72" />
      <div className="grid grid-cols-3 gap-4">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
      <Skeleton className="h-48" />
      <Skeleton className="h-48" />
    </div>
  );
}
