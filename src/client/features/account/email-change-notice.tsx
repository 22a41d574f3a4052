import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../shared/auth';
import { Notice } from '../../ui/notice';

const OUTCOMES = ['confirmed', 'invalid', 'taken'] as const;
type Outcome = (typeof OUTCOMES)[number];
const isOutcome = (value: string | null): value is Outcome => OUTCOMES.includes(value as Outcome);

/**
 * Where an email change stands: the result of the confirmation link the user just opened
 * (/profile?email=confirmed|invalid|taken), or the address still waiting for its link to be opened.
 */
export function EmailChangeNotice({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const outcome = params.get('email');

  if (isOutcome(outcome)) {
    const tone = outcome === 'confirmed' ? 'success' : 'error';
    return (
      <div className="mb-6" data-testid="email-change-notice">
        <Notice tone={tone} title={t(`emailChange.${outcome}`, { email: user.email })} />
      </div>
    );
  }
  if (!user.pendingEmail) return null;
  return (
    <div className="mb-6" data-testid="email-change-notice">
      <Notice
        tone="info"
        title={t('emailChange.pending', { pendingEmail: user.pendingEmail, email: user.email })}
      />
    </div>
  );
}
