import { useTranslation } from 'react-i18next';
import { Building2 } from 'lucide-react';
import { useCurrentUser } from '../../lib/session';
import { mayOnPlatform, roleLacks } from '../../lib/workspace';
import { LinkCard } from '../../ui/link-card';
import { BILLING_DETAILS_ID } from './billing-details-card';

/** Settings' way to the billing details (kept on the subscription page, beside the purchases they serve). */
export function BillingLinkCard() {
  const { t } = useTranslation('billing');
  const { data: user } = useCurrentUser();
  if (!user || mayOnPlatform(user, 'unmetered') || roleLacks(user, 'billing')) return null;
  return (
    <LinkCard
      to={`/subscription#${BILLING_DETAILS_ID}`}
      id="billing-link-heading"
      icon={<Building2 className="h-6 w-6 shrink-0 text-brand-600" aria-hidden />}
      title={t('profile.title')}
      text={t('profile.linkText')}
    />
  );
}
