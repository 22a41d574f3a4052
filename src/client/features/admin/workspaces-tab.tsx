import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Building2 } from 'lucide-react';
import { formatDate, formatNumber } from '../../lib/i18n';
import { formatCents } from '../../lib/money';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Badge, EmptyState } from '../../ui/feedback';
import { noItems, QueryState } from '../../ui/query-state';
import { OwnText } from '../../ui/own-text';
import { Pager, pageCountOf } from '../../ui/pager';
import { useAdminWorkspaces } from './admin-api';
import { customerPath } from './customer-path';
import { SearchField, useSearchPaging } from '../../ui/search-field';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** The companies (decision 021): each workspace with its people and roles, purchases and allowance. */
export function WorkspacesTab() {
  const { t } = useTranslation(['admin', 'workspaces']);
  const { search, onSearch, page, setPage } = useSearchPaging();
  const workspaces = useAdminWorkspaces(useDebouncedValue(search.trim()), page);
  const pageCount = pageCountOf(workspaces.data);

  return (
    <Card>
      <CardHeader title={t('workspaces.title')} description={t('workspaces.description')} />
      <CardBody className="space-y-4">
        <SearchField
          value={search}
          onChange={onSearch}
          label={t('workspaces.search')}
          placeholder={t('workspaces.searchPlaceholder')}
        />
        <QueryState
          query={workspaces}
          isEmpty={noItems}
          empty={<EmptyState icon={<Building2 className="h-10 w-10" aria-hidden />} title={t('workspaces.empty')} />}
        >
          {(found) => (
            <ul className="divide-y divide-slate-100" aria-label={t('workspaces.title')}>
              {found.items.map((workspace) => (
                <li key={workspace.id} className="space-y-2 py-4" aria-label={workspace.name}>
                  <div className="flex flex-wrap items-center gap-2">
                    <Link to={customerPath(workspace.id)} className="min-w-0 font-medium text-brand-700 hover:underline">
                      <OwnText>{workspace.name}</OwnText>
                    </Link>
                    <Badge tone={workspace.userType === 'active' ? 'green' : 'slate'}>{t(`subscription.${workspace.userType}`)}</Badge>
                    {workspace.trusted ? <Badge tone="blue">{t('workspaces.trusted')}</Badge> : null}
                  </div>
                  <p className="text-sm text-slate-600">
                    {t('workspaces.figures', {
                      used: formatNumber(workspace.pressReleasesUsedThisMonth),
                      limit: formatNumber(workspace.monthlyPressReleaseLimit),
                      purchases: formatNumber(workspace.purchases),
                      paid: formatCents(workspace.paidCents, 'usd'),
                    })}{' '}
                    · {t('workspaces.since', { date: formatDate(workspace.createdAt) })}
                  </p>
                  <ul className="flex flex-wrap gap-2" aria-label={t('workspaces.members')}>
                    {workspace.members.map((member) => (
                      <li key={member.userId} className="flex items-center gap-1 rounded-md bg-slate-50 px-2 py-1 text-xs text-slate-700">
                        <OwnText>{member.name}</OwnText>
                        <span aria-hidden>·</span>
                        <OwnText address>{member.email}</OwnText>
                        <Badge tone="slate">{t(`workspaces:roles.${member.role}`)}</Badge>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <Pager page={page} pageCount={pageCount} onPageChange={setPage} numbered />
      </CardBody>
    </Card>
  );
}
