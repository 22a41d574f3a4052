import { useTranslation } from 'react-i18next';
import { Building2 } from 'lucide-react';
import type { Brand } from '../../../shared/brands';
import { errorMessage } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import { EmptyState, ErrorState, Skeleton } from '../../ui/feedback';
import { BrandCard, type NewsroomPanelOf } from './brand-card';
import { useBrands } from '../../lib/brands';

/** Active brands first, archived ones after them, each group in the server's order. */
const activeFirst = (brands: Brand[]) => [
  ...brands.filter((b) => !b.archivedAt),
  ...brands.filter((b) => b.archivedAt),
];

/** The workspace's brands (a client's: its own), with loading, empty and error states. */
export function BrandList({ manage, onEdit, newsroom }: { manage: boolean; onEdit: (brand: Brand) => void; newsroom: NewsroomPanelOf }) {
  const { t } = useTranslation('brands');
  const brands = useBrands();
  if (brands.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (brands.isError)
    return (
      <ErrorState message={translateMessage(errorMessage(brands.error))} onRetry={() => brands.refetch()} />
    );
  if (brands.data.length === 0) {
    return (
      <EmptyState
        icon={<Building2 className="h-10 w-10" aria-hidden />}
        title={t('list.empty')}
        description={manage ? t('list.emptyText') : undefined}
      />
    );
  }
  return (
    <ul className="space-y-3" aria-label={t('list.label')} data-testid="brand-list">
      {activeFirst(brands.data).map((brand) => (
        <BrandCard key={brand.id} brand={brand} manage={manage} onEdit={onEdit} newsroom={newsroom} />
      ))}
    </ul>
  );
}
