import { useTranslation } from 'react-i18next';
import { Building2 } from 'lucide-react';
import { useCurrentUser } from '../../lib/session';
import { mayIn } from '../../lib/workspace';
import { LinkCard } from '../../ui/link-card';

/** Settings' way to the Brands page, beside the Team page's. */
export function BrandsLinkCard() {
  const { t } = useTranslation('brands');
  const { data: user } = useCurrentUser();
  if (!user?.workspace || !mayIn(user, 'read')) return null;
  return (
    <LinkCard
      to="/settings/brands"
      id="brands-link-heading"
      icon={<Building2 className="h-6 w-6 shrink-0 text-brand-600" aria-hidden />}
      title={t('page.title')}
      text={t('page.linkText')}
    />
  );
}
