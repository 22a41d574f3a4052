import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Crown, Lock, ShieldAlert } from 'lucide-react';
import { Button } from '../../ui/button';

/** /subscription, with the way back to this release once the payment has gone through. */
export function purchasePath(releaseId: string | undefined): string {
  return `/subscription?return=${encodeURIComponent(releaseId ? `/editor/${releaseId}` : '/editor')}`;
}

/** SPEC §2 purchase gate: trial users must buy a package; others without the right are told so. */
/** `onPurchase` is absent for a member who does not buy (no 'billing' action): the gate then only explains. */
export function PurchaseGate({ trial, onPurchase }: { trial: boolean; onPurchase?: () => void }) {
  const { t } = useTranslation('releases');
  return (
    <div role="region" aria-label={trial ? t('gate.purchaseRequired') : t('gate.accessRestricted')} className="rounded-xl border border-gold-400 bg-gold-400/10 p-5">
      <div className="flex items-start gap-3">
        {trial ? <Lock className="mt-0.5 h-5 w-5 text-gold-600" aria-hidden /> : <ShieldAlert className="mt-0.5 h-5 w-5 text-gold-600" aria-hidden />}
        <div className="flex-1">
          <h2 className="font-semibold text-slate-900">{trial ? t('gate.purchaseRequired') : t('gate.accessRestricted')}</h2>
          <p className="mt-1 text-sm text-slate-600">{trial ? t('gate.trialText') : t('gate.restrictedText')}</p>
          {onPurchase && (
            <Button onClick={onPurchase} variant="gold" className="mt-3">
              <Crown className="h-4 w-4" aria-hidden />
              {t('gate.purchase')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

/** SPEC §2 trial banner above the editor. */
export function TrialBanner({ returnTo }: { returnTo?: string }) {
  const { t } = useTranslation('releases');
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-gold-400 bg-gold-400/10 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-semibold text-slate-900">{t('trial.title')}</p>
        <p className="text-sm text-slate-600">{t('trial.text')}</p>
      </div>
      <Link to={purchasePath(returnTo)} className="inline-flex h-9 items-center justify-center rounded-md bg-gold-500 px-4 text-sm font-medium text-brand-900 hover:bg-gold-400">
        {t('trial.purchase')}
      </Link>
    </div>
  );
}
