import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageSquareReply, ShieldAlert } from 'lucide-react';
import type { ReplyItem } from '../../../shared/replies';
import { formatDate, formatNumber } from '../../lib/i18n';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Badge, EmptyState, RowsSkeleton } from '../../ui/feedback';
import { QueryState, noItems } from '../../ui/query-state';
import { OwnText } from '../../ui/own-text';
import { Pager } from '../../ui/pager';
import { REPLIES_PAGE_SIZE, useReleaseReplies } from './replies-api';

/** One journalist's messages, newest first: their human replies, and their automatic ones apart. */
type Thread = { deliveryId: number; contact: ReplyItem['contact']; replies: ReplyItem[]; automatic: ReplyItem[] };

function threadsOf(items: ReplyItem[]): Thread[] {
  const threads = new Map<number, Thread>();
  for (const item of items) {
    const thread = threads.get(item.deliveryId) ?? { deliveryId: item.deliveryId, contact: item.contact, replies: [], automatic: [] };
    (item.kind === 'reply' ? thread.replies : thread.automatic).push(item);
    threads.set(item.deliveryId, thread);
  }
  return [...threads.values()];
}

/**
 * The release page's Replies section (issue 38): what journalists wrote back, one thread each, the times in
 * the reader's zone; automatic replies ("automatic reply until …") and "left / new address" apart from the
 * human ones, which are what the reply rate counts. Followed live while the page is open.
 */
export function ReleaseReplies({ releaseId, replies, replyRate }: { releaseId: string; replies?: number; replyRate?: number }) {
  const { t } = useTranslation('replies');
  const [page, setPage] = useState(1);
  const query = useReleaseReplies(releaseId, page);
  const figures =
    replies === undefined ? undefined : t('figures', { count: replies, replies: formatNumber(replies), rate: formatNumber(replyRate ?? 0) });
  return (
    <Card data-testid="release-replies">
      <CardHeader title={t('title')} description={figures} />
      <CardBody className="flex flex-col gap-4">
        <QueryState
          query={query}
          loading={<RowsSkeleton rows={2} height="h-16" label={t('loading')} />}
          isEmpty={noItems}
          empty={<EmptyState icon={<MessageSquareReply className="h-10 w-10" aria-hidden />} title={t('empty.title')} description={t('empty.description')} />}
        >
          {(found) => (
            <>
              <ul className="flex flex-col gap-4">
                {threadsOf(found.items).map((thread) => (
                  <ReplyThread key={thread.deliveryId} thread={thread} />
                ))}
              </ul>
              {found.total > REPLIES_PAGE_SIZE && (
                <Pager page={page} pageCount={Math.ceil(found.total / REPLIES_PAGE_SIZE)} onPageChange={setPage} />
              )}
            </>
          )}
        </QueryState>
      </CardBody>
    </Card>
  );
}

function ReplyThread({ thread }: { thread: Thread }) {
  const { t } = useTranslation('replies');
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="reply-thread">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <strong className="text-slate-900">
          <OwnText>{thread.contact.name || t('unnamed')}</OwnText>
        </strong>
        {thread.contact.outlet && (
          <span className="text-sm text-slate-500">
            <OwnText>{thread.contact.outlet}</OwnText>
          </span>
        )}
        {thread.contact.email && (
          <span className="text-sm text-slate-500">
            <OwnText address>{thread.contact.email}</OwnText>
          </span>
        )}
      </div>
      <ol className="mt-3 flex flex-col gap-3">
        {thread.replies.map((reply) => (
          <li key={reply.id} className="flex flex-col gap-1" data-testid="reply">
            <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
              <time dateTime={reply.receivedAt}>{formatDate(reply.receivedAt, true)}</time>
              {reply.auth.failed && (
                <Badge tone="red">
                  <ShieldAlert className="me-1 inline h-3 w-3" aria-hidden />
                  {t('unverified')}
                </Badge>
              )}
              {reply.attachments.some((a) => !a.forwarded) && <Badge tone="amber">{t('largeFiles')}</Badge>}
            </div>
            <p dir="auto" className="whitespace-pre-wrap text-start text-slate-800">
              {reply.text || t('noText')}
            </p>
          </li>
        ))}
        {thread.automatic.map((reply) => (
          <li key={reply.id} className="text-sm text-slate-500" data-testid="automatic-reply">
            <Badge tone="slate">
              {reply.kind === 'left' ? t('left') : reply.returnDate ? t('automaticUntil', { date: formatDate(`${reply.returnDate}T12:00:00Z`) }) : t('automatic')}
            </Badge>{' '}
            <time dateTime={reply.receivedAt}>{formatDate(reply.receivedAt, true)}</time>
            {reply.newAddress && (
              <span className="ms-2">
                {t('newAddress')} <OwnText address className="inline">{reply.newAddress}</OwnText>
              </span>
            )}
          </li>
        ))}
      </ol>
    </li>
  );
}
