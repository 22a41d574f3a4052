import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldOff } from 'lucide-react';
import type { Suppression } from '../../../shared/admin';
import { errorMessage } from '../../lib/api';
import { formatDate, translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { Badge, EmptyState } from '../../ui/feedback';
import { noItems, QueryState } from '../../ui/query-state';
import { Pager, pageCountOf } from '../../ui/pager';
import { useToast } from '../../ui/toast';
import { useLiftSuppression, useSuppressions } from './admin-api';
import { SearchField, useSearchPaging } from '../../ui/search-field';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { OwnText } from '../../ui/own-text';

/** PRODUCT.md §3: addresses nobody mails again (unsubscribed, hard-bounced); a super admin may lift one. */
export function SuppressionsTab() {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const { search, onSearch, page, setPage } = useSearchPaging();
  const [lifting, setLifting] = useState<Suppression | null>(null);
  const suppressions = useSuppressions(useDebouncedValue(search.trim()), page);
  const lift = useLiftSuppression();
  const pageCount = pageCountOf(suppressions.data);

  const confirmLift = () => {
    if (!lifting) return;
    lift.mutate(lifting.email, {
      onSuccess: () => toast({ title: t('toasts.suppressionLifted'), description: lifting.email }),
      onError: (error) =>
        toast({
          title: t('toasts.error'),
          description: translateMessage(errorMessage(error)),
          variant: 'destructive',
        }),
      onSettled: () => setLifting(null),
    });
  };

  return (
    <Card>
      <CardHeader title={t('suppressions.title')} description={t('suppressions.description')} />
      <CardBody className="space-y-4">
        <SearchField
          value={search}
          onChange={onSearch}
          label={t('suppressions.search')}
          placeholder={t('suppressions.searchPlaceholder')}
        />
        <QueryState
          query={suppressions}
          isEmpty={noItems}
          empty={
            <EmptyState
              icon={<ShieldOff className="h-10 w-10" aria-hidden />}
              title={t('suppressions.empty')}
            />
          }
        >
          {(found) => (
            <ul className="divide-y divide-slate-100" aria-label={t('suppressions.title')}>
              {found.items.map((item) => (
                <li key={item.email} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <OwnText as="p" address className="font-medium text-slate-900">
                      {item.email}
                    </OwnText>
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                      <Badge tone={item.reason === 'bounced' ? 'red' : 'amber'}>
                        {t(`suppressions.reasons.${item.reason}`, { defaultValue: item.reason })}
                      </Badge>
                      {formatDate(item.createdAt, true)}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setLifting(item)}
                    aria-label={t('suppressions.liftFor', { email: item.email })}
                  >
                    {t('suppressions.lift')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <Pager page={page} pageCount={pageCount} onPageChange={setPage} numbered />
      </CardBody>
      <ConfirmDialog
        open={lifting !== null}
        onOpenChange={(open) => !open && !lift.isPending && setLifting(null)}
        title={t('suppressions.confirmTitle')}
        description={lifting ? t('suppressions.confirmText', { email: lifting.email }) : ''}
        confirmLabel={t('suppressions.lift')}
        pending={lift.isPending}
        onConfirm={confirmLift}
      />
    </Card>
  );
}
