import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, MessageSquareWarning, XCircle } from 'lucide-react';
import { REVIEW_MESSAGES, REVIEW_TEXT_MAX } from '../../../shared/review';
import { ApiError, errorMessage } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { FieldError, Label, Textarea } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useDecide, type ReviewDecisionInput } from './review-api';

type Written = 'request-changes' | 'reject';

/**
 * Approve (asks first: it starts distribution), or write to the customer and request changes or reject.
 * The words are required; the server checks the same rule (1–2,000 characters).
 */
export function DecisionPanel({ id, onDecided }: { id: string; onDecided: () => void }) {
  const { t } = useTranslation('review');
  const toast = useToast();
  const decide = useDecide(id);
  const [confirmApprove, setConfirmApprove] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const textId = useId();

  // Awaited rather than given callbacks: the refetch that follows a decision removes this panel, and
  // callbacks of an unmounted mutation observer would never run (no toast, no way back to the queue).
  const submit = async (input: ReviewDecisionInput) => {
    try {
      await decide.mutateAsync(input);
      toast({ title: t(`toasts.${input.kind}`) });
      onDecided();
    } catch (failure) {
      setConfirmApprove(false);
      const field = failure instanceof ApiError && failure.status === 422 ? failure.errors[0]?.message : undefined;
      if (field) return setError(translateMessage(field));
      toast({ title: t('toasts.failed'), description: translateMessage(errorMessage(failure)), variant: 'destructive' });
    }
  };

  const write = (kind: Written) => {
    const words = text.trim();
    if (!words) return setError(translateMessage(kind === 'reject' ? REVIEW_MESSAGES.reason : REVIEW_MESSAGES.comment));
    if (words.length > REVIEW_TEXT_MAX) return setError(translateMessage(REVIEW_MESSAGES.tooLong));
    setError(undefined);
    void submit(kind === 'reject' ? { kind, reason: words } : { kind, comment: words });
  };

  return (
    <Card>
      <CardHeader title={t('decision.title')} />
      <CardBody className="space-y-4">
        <Button className="w-full" onClick={() => setConfirmApprove(true)} disabled={decide.isPending}>
          <CheckCircle2 className="h-4 w-4" aria-hidden />
          {t('decision.approve')}
        </Button>
        <div>
          <Label htmlFor={textId}>{t('decision.words')}</Label>
          <Textarea
            id={textId}
            rows={4}
            value={text}
            maxLength={REVIEW_TEXT_MAX}
            invalid={Boolean(error)}
            aria-describedby={error ? `${textId}-error` : undefined}
            onChange={(event) => setText(event.target.value)}
            dir="auto"
          />
          <FieldError id={`${textId}-error`} message={error} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => write('request-changes')} loading={decide.isPending && decide.variables?.kind === 'request-changes'}>
            <MessageSquareWarning className="h-4 w-4" aria-hidden />
            {t('decision.requestChanges')}
          </Button>
          <Button variant="destructive" onClick={() => write('reject')} loading={decide.isPending && decide.variables?.kind === 'reject'}>
            <XCircle className="h-4 w-4" aria-hidden />
            {t('decision.reject')}
          </Button>
        </div>
      </CardBody>
      <ConfirmDialog
        open={confirmApprove}
        onOpenChange={setConfirmApprove}
        title={t('decision.confirmTitle')}
        description={t('decision.confirmText')}
        confirmLabel={t('decision.approve')}
        destructive={false}
        pending={decide.isPending}
        onConfirm={() => void submit({ kind: 'approve' })}
      />
    </Card>
  );
}
