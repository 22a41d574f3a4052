import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Info, Mail } from 'lucide-react';
import { formatDate } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { EmptyState, Spinner } from '../../ui/feedback';
import { noItems, QueryState } from '../../ui/query-state';
import { Pager, pageCountOf } from '../../ui/pager';
import { useOutbox, useOutboxMessage } from './admin-api';
import { SearchField, useSearchPaging } from '../../ui/search-field';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { OwnText } from '../../ui/own-text';

/** Capture mode's mail (no SMTP_URL): every message the product would have sent, newest first. */
export function OutboxTab() {
  const { t } = useTranslation('admin');
  const { search, onSearch, page, setPage } = useSearchPaging();
  const [openId, setOpenId] = useState<number | null>(null);
  const outbox = useOutbox(useDebouncedValue(search.trim()), page);
  const pageCount = pageCountOf(outbox.data);

  return (
    <Card>
      <CardHeader title={t('outbox.title')} description={t('outbox.description')} />
      <CardBody className="space-y-4">
        {outbox.data?.mode === 'smtp' && (
          <p className="flex items-start gap-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
            <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {t('outbox.smtpMode')}
          </p>
        )}
        <SearchField
          value={search}
          onChange={onSearch}
          label={t('outbox.search')}
          placeholder={t('outbox.searchPlaceholder')}
        />
        <QueryState
          query={outbox}
          isEmpty={noItems}
          empty={<EmptyState icon={<Mail className="h-10 w-10" aria-hidden />} title={t('outbox.empty')} />}
        >
          {(found) => (
            <ul className="divide-y divide-slate-100" aria-label={t('outbox.title')}>
              {found.items.map((message) => (
                <li key={message.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <OwnText as="p" className="font-medium text-slate-900">
                      {message.subject}
                    </OwnText>
                    {/* The address cut at its own end; the label and the date stay whole beside it. */}
                    <p className="flex min-w-0 gap-1 text-sm text-slate-600">
                      <span className="shrink-0">{t('outbox.to')}</span>
                      <OwnText address className="min-w-0">
                        {message.to}
                      </OwnText>
                      <span className="shrink-0">· {formatDate(message.createdAt, true)}</span>
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setOpenId(message.id)}
                    aria-label={t('outbox.viewMessage', { subject: message.subject })}
                  >
                    {t('outbox.view')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <Pager page={page} pageCount={pageCount} onPageChange={setPage} numbered />
      </CardBody>
      <MessageDialog id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}

function MessageDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const message = useOutboxMessage(id);
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title={message.data?.subject ?? t('outbox.message')}
      size="xl"
    >
      <QueryState query={message} loading={<Spinner label={t('outbox.loadingMessage')} className="py-10" />}>
        {(shown) => (
          <div className="space-y-3">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-medium text-slate-500">{t('outbox.from')}</dt>
              <OwnText as="dd" address>
                {shown.from}
              </OwnText>
              <dt className="font-medium text-slate-500">{t('outbox.to')}</dt>
              <OwnText as="dd" address>
                {shown.to}
              </OwnText>
              <dt className="font-medium text-slate-500">{t('outbox.date')}</dt>
              <dd>{formatDate(shown.createdAt, true)}</dd>
            </dl>
            <p className="text-sm text-slate-600" data-testid="outbox-untracked">
              {t('outbox.untracked')}
            </p>
            {/* The captured HTML is shown inert: an empty sandbox runs no script, submits no form, reaches no cookie. */}
            <iframe
              title={t('outbox.htmlPreview')}
              sandbox=""
              srcDoc={shown.html}
              className="h-[60vh] w-full rounded-lg border border-slate-200 bg-white"
            />
          </div>
        )}
      </QueryState>
    </Dialog>
  );
}
