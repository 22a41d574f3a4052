import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink, Newspaper, Trash2 } from 'lucide-react';
import { addCoverageSchema, type Coverage, type CoverageItem } from '../../../shared/coverage';
import { ApiError, errorMessage, fieldErrorMessage } from '../../lib/api';
import { formatDate, formatNumber, translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { Badge, EmptyState, Skeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { Field, Input } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useAddCoverage, useCoverage, useRemoveCoverage } from './coverage-api';
import { CountryName } from './country-name';
import { WaitText } from './wait-text';

const KIND_TONES = { verbatim: 'blue', earned: 'green', unverified: 'slate' } as const;

/** The release page's Coverage: the articles found or added, their figures, and adding or removing one. */
export function CoverageSection({ releaseId, sentAt }: { releaseId: string; sentAt: string | null }) {
  const { t } = useTranslation('coverage');
  const coverage = useCoverage(releaseId, sentAt);
  return (
    <Card id="coverage">
      <CardHeader title={t('section.title')} description={t('section.description')} />
      <CardBody className="space-y-5">
        <QueryState query={coverage} loading={<Skeleton className="h-32 w-full" />}>
          {(found) => (
            <>
              <CoverageFigures coverage={found} />
              <AddArticleForm releaseId={releaseId} />
              {found.items.length === 0 ? (
                <EmptyState icon={<Newspaper className="h-10 w-10" aria-hidden />} title={t('section.empty')} description={t('section.emptyHint')} />
              ) : (
                <ArticleList releaseId={releaseId} items={found.items} />
              )}
            </>
          )}
        </QueryState>
      </CardBody>
    </Card>
  );
}

function CoverageFigures({ coverage }: { coverage: Coverage }) {
  const { t } = useTranslation('coverage');
  const figures = [
    { key: 'total', value: formatNumber(coverage.total) },
    { key: 'verbatim', value: formatNumber(coverage.verbatim) },
    { key: 'earned', value: formatNumber(coverage.earned) },
  ];
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((f) => (
          <div key={f.key} className="rounded-lg border border-slate-200 p-3" data-testid={`coverage-${f.key}`}>
            <dt className="text-xs font-medium text-slate-500">{t(`figures.${f.key}`)}</dt>
            <dd className="mt-1 text-xl font-bold text-slate-900">{f.value}</dd>
          </div>
        ))}
        <div className="rounded-lg border border-slate-200 p-3">
          <dt className="text-xs font-medium text-slate-500">{t('figures.firstArticle')}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900">{coverage.minutesToFirst === null ? '—' : <WaitText minutes={coverage.minutesToFirst} />}</dd>
        </div>
      </dl>
      {coverage.byCountry.length > 0 && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span>{t('figures.byCountry')}</span>
          {coverage.byCountry.map((c) => (
            <Badge key={c.country}>
              <CountryName country={c.country} />
              <span className="ms-1 font-semibold">{formatNumber(c.count)}</span>
            </Badge>
          ))}
        </p>
      )}
    </div>
  );
}

function AddArticleForm({ releaseId }: { releaseId: string }) {
  const { t } = useTranslation('coverage');
  const toast = useToast();
  const add = useAddCoverage(releaseId);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = addCoverageSchema.safeParse({ url });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError(undefined);
    add.mutate(parsed.data.url, {
      onSuccess: (item) => {
        setUrl('');
        toast({ title: t('add.added'), description: item.unreadable ? t(`unreadable.${item.unreadable}`) : t(`kinds.${item.kind}Hint`) });
      },
      onError: (failure) => {
        const field = failure instanceof ApiError ? failure.errors.find((e) => e.path === 'url') : undefined;
        if (field || (failure instanceof ApiError && failure.status === 409)) setError(field ? fieldErrorMessage(field) : errorMessage(failure));
        else toast({ title: t('add.failed'), description: translateMessage(errorMessage(failure)), variant: 'destructive' });
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="no-print flex flex-col gap-2 sm:flex-row sm:items-start">
      <div className="flex-1">
        <Field id="coverage-url" label={t('add.label')} error={translateMessage(error)} hint={t('add.hint')}>
          <Input
            id="coverage-url"
            type="url"
            dir="ltr"
            inputMode="url"
            placeholder="https://"
            value={url}
            invalid={!!error}
            aria-describedby={error ? 'coverage-url-error' : 'coverage-url-hint'}
            onChange={(e) => setUrl(e.target.value)}
          />
        </Field>
      </div>
      <Button type="submit" className="sm:mt-6" loading={add.isPending}>
        {add.isPending ? t('add.checking') : t('add.submit')}
      </Button>
    </form>
  );
}

function ArticleList({ releaseId, items }: { releaseId: string; items: CoverageItem[] }) {
  const { t } = useTranslation('coverage');
  const toast = useToast();
  const remove = useRemoveCoverage(releaseId);
  const [removing, setRemoving] = useState<CoverageItem | null>(null);
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => toast({ title: t('remove.removed') }),
      onError: (error) => toast({ title: t('remove.failed'), description: translateMessage(errorMessage(error)), variant: 'destructive' }),
      onSettled: () => setRemoving(null),
    });
  };
  return (
    <>
      <ul className="divide-y divide-slate-100" aria-label={t('section.listLabel')}>
        {items.map((item) => (
          <li key={item.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start">
            <div className="min-w-0 flex-1 space-y-1">
              <a href={item.url} target="_blank" rel="noreferrer noopener" className="inline-flex max-w-full items-center gap-1 font-medium text-brand-700 hover:underline">
                <bdi className="truncate">{item.title}</bdi>
                <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
              </a>
              <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
                <Badge tone={KIND_TONES[item.kind]}>{t(`kinds.${item.kind}`)}</Badge>
                {item.source === 'manual' && <Badge>{t('kinds.manual')}</Badge>}
                {/* Out before the release's embargo lifted: the outlet beside it says who broke it. */}
                {item.embargoBreak && <Badge tone="red">{t('kinds.embargoBreak')}</Badge>}
                <bdi>{item.outlet}</bdi>
                {item.country && <CountryName country={item.country} />}
                {item.publishedAt && <span>{formatDate(item.publishedAt, true)}</span>}
              </p>
              {item.excerpt && (
                <blockquote dir="auto" className="border-s-2 border-slate-200 ps-3 text-sm text-slate-600">
                  {item.excerpt}
                </blockquote>
              )}
            </div>
            <Button variant="secondary" size="sm" className="no-print" onClick={() => setRemoving(item)} aria-label={t('remove.labelFor', { title: item.title })}>
              <Trash2 className="h-4 w-4" aria-hidden />
              {t('remove.action')}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && !remove.isPending && setRemoving(null)}
        title={t('remove.confirmTitle')}
        description={removing ? t('remove.confirmText', { title: removing.title }) : ''}
        confirmLabel={t('remove.action')}
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </>
  );
}
