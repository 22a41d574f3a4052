import { useTranslation } from 'react-i18next';
import { Building2 } from 'lucide-react';
import type { Brand } from '../../../shared/brands';
import { EmptyState, RowsSkeleton } from '../../ui/feedback';
import { QueryState, noEntries } from '../../ui/query-state';
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
  return (
    <QueryState
      query={brands}
      loading={<RowsSkeleton rows={2} height="h-24" />}
      isEmpty={noEntries}
      empty={<EmptyState icon={<Building2 className="h-10 w-10" aria-hidden />} title={t('list.empty')} description={manage ? t('list.emptyText') : undefined} />}
    >
      {(list) => (
        <ul className="space-y-3" aria-label={t('list.label')} data-testid="brand-list">
          {activeFirst(list).map((brand) => (
            <BrandCard key={brand.id} brand={brand} manage={manage} onEdit={onEdit} newsroom={newsroom} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}
