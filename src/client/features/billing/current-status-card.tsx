import { useTranslation } from 'react-i18next';
import type { SubscriptionStatus } from '../../../shared/billing';
import { formatNumber } from '../../lib/i18n';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Badge } from '../../ui/feedback';

/**
 * SPEC §2 'Current Status': account status, and for paying customers the balance with a progress bar.
 * `unmetered`: the session's platform action of those who run the service (no allowance, no package).
 */
export function CurrentStatusCard({ status, unmetered }: { status: SubscriptionStatus; unmetered: boolean }) {
  const { t } = useTranslation('billing');
  const { monthlyPressReleaseLimit: limit, pressReleasesUsedThisMonth: used, remaining } = status;
  const remainingShare = limit > 0 ? Math.round((remaining / limit) * 100) : 0;
  // Every package refunded: no longer a paid package, though granted releases may be left.
  const refunded = status.packageRefunded && !unmetered;
  const accountStatus = unmetered
    ? t('status.superAdmin')
    : refunded
      ? t('status.refunded')
      : status.userType === 'active'
        ? t('status.active')
        : t('status.free');

  return (
    <Card>
      <CardHeader title={t('status.title')} />
      <CardBody className="grid gap-6 sm:grid-cols-2">
        <div>
          <p className="text-sm text-slate-500">{t('status.accountStatus')}</p>
          <p className="mt-1">
            <Badge
              tone={unmetered ? 'blue' : refunded ? 'slate' : status.userType === 'active' ? 'green' : 'gold'}
              className="text-sm"
            >
              {accountStatus}
            </Badge>
          </p>
        </div>
        {status.isTrialUser && (
          <div>
            <p className="text-sm text-slate-500">{t('status.accountType')}</p>
            <p className="mt-1 font-semibold text-slate-900">{t('status.freeAccount')}</p>
            <p className="mt-1 text-sm text-slate-600">{t('status.freeAccountHint')}</p>
          </div>
        )}
        {status.userType === 'active' && !unmetered && (
          <div>
            <p className="text-sm text-slate-500">{t('status.accountType')}</p>
            <p className="mt-1 font-semibold text-slate-900" data-testid="account-type">
              {refunded ? t('status.refundedPackage') : t('status.paidPackage')}
            </p>
            <p className="mt-1 text-sm text-slate-600">{refunded ? t('status.refundedPackageHint') : t('status.paidPackageHint')}</p>
          </div>
        )}
        {status.userType === 'active' && (
          <div>
            <p className="text-sm text-slate-500">{t('status.balance')}</p>
            <p className="mt-1 font-semibold text-slate-900" data-testid="balance">
              {t('status.available', {
                count: limit,
                remaining: formatNumber(remaining),
                limit: formatNumber(limit),
              })}
            </p>
            <div
              role="progressbar"
              aria-label={t('status.balance')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={remainingShare}
              className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className="h-full rounded-full bg-brand-600 transition-all"
                style={{ width: `${remainingShare}%` }}
              />
            </div>
            <p className="mt-2 text-sm text-slate-600">
              {t('status.used', { count: used, used: formatNumber(used) })}
            </p>
          </div>
        )}
        {unmetered && (
          <div>
            <p className="text-sm text-slate-500">{t('status.balance')}</p>
            <p className="mt-1 font-semibold text-slate-900">{t('status.unlimited')}</p>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
