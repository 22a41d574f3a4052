import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Plus } from 'lucide-react';
import type { Brand } from '../../../shared/brands';
import { useDocumentTitle } from '../../lib/document-title';
import { useCan } from '../../lib/workspace';
import { Button } from '../../ui/button';
import { BrandFormDialog } from './brand-form-dialog';
import { BrandList } from './brand-list';
import type { NewsroomPanelOf } from './brand-card';

/**
 * Settings → Brands (issue 28): who the workspace's releases speak for. Owners and managers add, edit,
 * archive and delete brands; everyone else (a client: its own brands) reads them, their newsrooms and reports.
 */
export function BrandsSettings({ newsroom }: { newsroom: NewsroomPanelOf }) {
  const { t } = useTranslation('brands');
  useDocumentTitle(t('page.title'));
  const manage = useCan()('manage');
  // null: closed; 'new': a new brand; a brand: editing it.
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <Link
        to="/settings"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline"
      >
        <ArrowLeft className="flip-rtl h-4 w-4" aria-hidden />
        {t('page.backToSettings')}
      </Link>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('page.title')}</h1>
          <p className="mt-1 text-slate-600">{manage ? t('page.subtitle') : t('page.subtitleReadOnly')}</p>
        </div>
        {manage && (
          <Button className="shrink-0" onClick={() => setEditing('new')}>
            <Plus className="h-4 w-4" aria-hidden />
            {t('page.newBrand')}
          </Button>
        )}
      </header>
      <BrandList manage={manage} onEdit={setEditing} newsroom={newsroom} />
      {manage && (
        <BrandFormDialog
          open={editing !== null}
          brand={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </main>
  );
}
