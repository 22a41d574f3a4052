import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchCheck } from 'lucide-react';
import { researchResolutionSchema, type ResearchItem } from '../../../shared/replies';
import { ApiError, errorMessage, fieldErrorMessage } from '../../lib/api';
import { formatDate, translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmDialog, Dialog } from '../../ui/dialog';
import { Badge, EmptyState } from '../../ui/feedback';
import { noItems, QueryState } from '../../ui/query-state';
import { Field, Input } from '../../ui/field';
import { OwnText } from '../../ui/own-text';
import { Pager, pageCountOf } from '../../ui/pager';
import { useToast } from '../../ui/toast';
import { useResearchQueue, useResolveResearchItem } from './replies-api';

type State = 'open' | 'resolved';
type Asking = { item: ResearchItem; action: 'mark_left' | 'dismiss' };

/**
 * The operator's research queue (issue 38): journalists whose address may be out of date, because a reply
 * said they left or moved or their mail hard-bounced. The operator corrects the address, marks them left (no
 * release reaches the address again) or dismisses the signal; each choice asks first.
 */
export function ResearchQueueTab() {
  const { t } = useTranslation('replies');
  const toast = useToast();
  const [state, setState] = useState<State>('open');
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [correcting, setCorrecting] = useState<ResearchItem | null>(null);
  const queue = useResearchQueue(state, page);
  const resolve = useResolveResearchItem();
  const pageCount = pageCountOf(queue.data);

  const showState = (next: State) => {
    setState(next);
    setPage(1);
  };
  const confirm = () => {
    if (!asking) return;
    resolve.mutate(
      { id: asking.item.id, resolution: { action: asking.action } },
      {
        onSuccess: () => toast({ title: t(`research.done.${asking.action}`), description: asking.item.contact.email }),
        onError: (error) => toast({ title: t('research.failed'), description: translateMessage(errorMessage(error)), variant: 'destructive' }),
        onSettled: () => setAsking(null),
      },
    );
  };

  return (
    <Card>
      <CardHeader title={t('research.title')} description={t('research.description')} />
      <CardBody className="space-y-4">
        <div role="group" aria-label={t('research.stateLabel')} className="flex flex-wrap gap-2">
          {(['open', 'resolved'] as const).map((value) => (
            <Button key={value} size="sm" variant={state === value ? 'primary' : 'secondary'} aria-pressed={state === value} onClick={() => showState(value)}>
              {t(`research.states.${value}`)}
            </Button>
          ))}
        </div>
        <QueryState
          query={queue}
          isEmpty={noItems}
          empty={<EmptyState icon={<SearchCheck className="h-10 w-10" aria-hidden />} title={t(`research.empty.${state}`)} />}
        >
          {(found) => (
            <ul className="divide-y divide-slate-100" aria-label={t('research.title')} data-testid="research-queue">
              {found.items.map((item) => (
                <ResearchRow key={item.id} item={item} onCorrect={() => setCorrecting(item)} onAsk={(action) => setAsking({ item, action })} />
              ))}
            </ul>
          )}
        </QueryState>
        <Pager page={page} pageCount={pageCount} onPageChange={setPage} numbered />
      </CardBody>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && !resolve.isPending && setAsking(null)}
        title={asking ? t(`research.confirm.${asking.action}.title`) : ''}
        description={asking ? t(`research.confirm.${asking.action}.text`, { email: asking.item.contact.email }) : ''}
        confirmLabel={asking ? t(`research.actions.${asking.action}`) : ''}
        destructive={asking?.action === 'mark_left'}
        pending={resolve.isPending}
        onConfirm={confirm}
      />
      {correcting && <CorrectDialog item={correcting} onClose={() => setCorrecting(null)} />}
    </Card>
  );
}

function ResearchRow({ item, onCorrect, onAsk }: { item: ResearchItem; onCorrect: () => void; onAsk: (action: Asking['action']) => void }) {
  const { t } = useTranslation('replies');
  const { contact } = item;
  return (
    <li className="flex flex-col gap-3 py-4 lg:flex-row lg:items-start" data-testid="research-item">
      <div className="min-w-0 flex-1 space-y-1">
        <OwnText as="p" className="font-medium text-slate-900">
          {contact.name || t('unnamed')}
        </OwnText>
        {contact.outlet && <OwnText as="p" className="text-xs text-slate-500">{contact.outlet}</OwnText>}
        <OwnText as="p" address className="text-xs text-slate-600">
          {contact.email}
        </OwnText>
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <Badge tone={item.signal === 'hard_bounce' ? 'red' : 'amber'}>{t(`research.signals.${item.signal}`)}</Badge>
          <span>{t('research.when', { date: formatDate(item.createdAt, true) })}</span>
          <span>
            {contact.lastConfirmedAt ? t('research.lastConfirmed', { date: formatDate(contact.lastConfirmedAt, true) }) : t('research.neverConfirmed')}
          </span>
        </p>
        {item.evidence && (
          <blockquote dir="auto" className="line-clamp-4 whitespace-pre-line border-s-2 border-slate-200 ps-3 text-sm text-slate-700" data-testid="research-evidence">
            {item.evidence}
          </blockquote>
        )}
        {item.newAddress && (
          <p className="text-sm text-slate-700">
            {t('newAddress')}{' '}
            <OwnText address className="inline font-medium">
              {item.newAddress}
            </OwnText>
          </p>
        )}
        {item.resolution && item.resolvedAt && (
          <p className="text-xs text-slate-500">{t(`research.resolved.${item.resolution}`, { date: formatDate(item.resolvedAt, true) })}</p>
        )}
      </div>
      {!item.resolution && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={onCorrect} disabled={contact.id === null}>
            {t('research.actions.correct')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onAsk('mark_left')}>
            {t('research.actions.mark_left')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onAsk('dismiss')}>
            {t('research.actions.dismiss')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** The operator types the journalist's new address (the reply's, when it gave one); checked here and by the server. */
function CorrectDialog({ item, onClose }: { item: ResearchItem; onClose: () => void }) {
  const { t } = useTranslation('replies');
  const toast = useToast();
  const resolve = useResolveResearchItem();
  const [email, setEmail] = useState(item.newAddress ?? '');
  const [error, setError] = useState<string>();

  const submit = () => {
    const parsed = researchResolutionSchema.safeParse({ action: 'correct', email });
    if (!parsed.success) return setError(translateMessage(parsed.error.issues[0].message));
    setError(undefined);
    resolve.mutate(
      { id: item.id, resolution: parsed.data },
      {
        onSuccess: () => {
          toast({ title: t('research.done.correct'), description: parsed.data.action === 'correct' ? parsed.data.email : '' });
          onClose();
        },
        onError: (failure) => {
          const field = failure instanceof ApiError ? failure.errors.find((e) => e.path === 'email') : undefined;
          setError(field ? translateMessage(fieldErrorMessage(field)) : translateMessage(errorMessage(failure)));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !resolve.isPending && onClose()}
      title={t('research.correct.title')}
      description={t('research.correct.text', { email: item.contact.email })}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={resolve.isPending}>
            {t('research.correct.cancel')}
          </Button>
          <Button onClick={submit} loading={resolve.isPending}>
            {t('research.actions.correct')}
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field id="research-new-email" label={t('research.correct.label')} error={error}>
          <Input
            id="research-new-email"
            type="email"
            dir="ltr"
            autoComplete="off"
            value={email}
            invalid={Boolean(error)}
            aria-describedby={error ? 'research-new-email-error' : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
      </form>
    </Dialog>
  );
}
