import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink, Newspaper, Rss } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { formatNumber, translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody, SectionHeader } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { Skeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { useToast } from '../../ui/toast';
import { useNewsroomSettings, useSetNewsroomEnabled } from './newsroom-api';
import { useCan } from '../../lib/workspace';

/**
 * The company's public newsroom in the account settings: its address and feeds, how many people follow
 * it, and the switch that takes it offline. Without a brand named, the workspace's first brand (the
 * company itself); each brand's own newsroom is shown on the Brands page. A client seat sees its brands'
 * newsrooms there, not this card.
 */
export function NewsroomSettingsCard() {
  const { t } = useTranslation('newsroom');
  const can = useCan();
  if (!can('browse')) return null;
  return (
    <section aria-labelledby="newsroom-heading" className="mt-6">
      <Card>
        <SectionHeader
          icon={<Newspaper className="mt-0.5 h-6 w-6 shrink-0 text-brand-600" aria-hidden />}
          id="newsroom-heading"
          title={t('title')}
          description={t('description')}
        />
        <CardBody>
          <NewsroomSettingsPanel />
        </CardBody>
      </Card>
    </section>
  );
}

/**
 * One newsroom's settings (a brand's when `brandId` is given): its address and feeds, its followers, and
 * the switch that takes it offline (asked first: followers stop receiving releases), for owners and managers.
 */
export function NewsroomSettingsPanel({ brandId }: { brandId?: string }) {
  const { t } = useTranslation('newsroom');
  const toast = useToast();
  const settings = useNewsroomSettings(brandId);
  const setEnabled = useSetNewsroomEnabled(brandId);
  const [confirmOff, setConfirmOff] = useState(false);
  // Taking the newsroom on or off line is a workspace setting: owners and managers.
  const manage = useCan()('manage');

  async function change(enabled: boolean) {
    try {
      await setEnabled.mutateAsync(enabled);
      setConfirmOff(false);
      toast({ title: enabled ? t('toasts.on') : t('toasts.off') });
    } catch (error) {
      toast({
        title: t('toasts.failed'),
        description: translateMessage(errorMessage(error)),
        variant: 'destructive',
      });
    }
  }

  return (
    <div className="space-y-4" data-testid="newsroom-settings">
      <QueryState query={settings} loading={<Skeleton className="h-16 w-full" />}>
        {(found) => (
          <>
            {found.url ? (
              <div className="space-y-2 text-sm">
                <a
                  href={found.url}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                  dir="ltr"
                >
                  {found.url}
                  <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                </a>
                {found.feeds && (
                  <p className="flex flex-wrap items-center gap-3 text-slate-600">
                    <Rss className="h-4 w-4" aria-hidden />
                    <a href={found.feeds.english} className="hover:underline">
                      {t('feedEnglish')}
                    </a>
                    <a href={found.feeds.arabic} className="hover:underline">
                      {t('feedArabic')}
                    </a>
                  </p>
                )}
                <p className="text-slate-600" data-testid="newsroom-followers">
                  {t('followers', {
                    count: found.followers,
                    value: formatNumber(found.followers),
                  })}
                </p>
              </div>
            ) : (
              <p className="text-sm text-slate-600">{t('notYet')}</p>
            )}
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm font-medium text-slate-800" role="status">
                {found.enabled ? t('stateOn') : t('stateOff')}
              </p>
              {!manage ? null : found.enabled ? (
                <Button variant="secondary" onClick={() => setConfirmOff(true)} disabled={setEnabled.isPending}>
                  {t('turnOff')}
                </Button>
              ) : (
                <Button onClick={() => void change(true)} loading={setEnabled.isPending}>
                  {t('turnOn')}
                </Button>
              )}
            </div>
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={confirmOff}
        onOpenChange={setConfirmOff}
        title={t('confirmTitle')}
        description={t('confirmText')}
        confirmLabel={t('turnOff')}
        pending={setEnabled.isPending}
        onConfirm={() => void change(false)}
      />
    </div>
  );
}
