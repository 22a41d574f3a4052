import { useTranslation } from 'react-i18next';
import type { EmbargoAudience } from '../../../shared/embargo';
import { formatNumber } from '../../lib/i18n';

/**
 * Where an embargo's audience comes from (decision 027): who gets the release at once (they accept embargoes
 * or are accredited), who is sent a notice asking them to hold it, and who gets it at the lift (those asked
 * who have not agreed by then; before the send, all of them). The server's counts (Preflight.embargo).
 */
export function EmbargoAudienceLines({ audience, testId }: { audience: EmbargoAudience; testId: string }) {
  const { t } = useTranslation('releases');
  const line = (key: 'now' | 'asked' | 'atLift') => t(`embargo.audience.${key}`, { count: audience[key], n: formatNumber(audience[key]) });
  return (
    <ul className="list-disc space-y-0.5 ps-5 text-slate-700" data-testid={testId}>
      <li data-testid={`${testId}-now`}>{line('now')}</li>
      <li data-testid={`${testId}-asked`}>{line('asked')}</li>
      <li data-testid={`${testId}-at-lift`}>{line('atLift')}</li>
    </ul>
  );
}
