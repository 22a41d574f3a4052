import { useTranslation } from 'react-i18next';
import { useBrandNames } from './brand-checklist';

/** A client's brands in a line ("Brands: Gulf Bridge, Najd Foods"); nothing for the team's roles. */
export function ClientBrandNames({ brandIds }: { brandIds: string[] | null }) {
  const { t } = useTranslation('workspaces');
  const names = useBrandNames(brandIds);
  if (!brandIds || names.length === 0) return null;
  return (
    <span className="text-xs text-slate-600" data-testid="client-brands">
      {t('members.brandsOf')}{' '}
      {names.map((name, i) => (
        <span key={`${name}-${i}`}>
          {i > 0 && t('members.brandsSeparator')}
          <bdi>{name}</bdi>
        </span>
      ))}
    </span>
  );
}
