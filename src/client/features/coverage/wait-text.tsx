import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/i18n';

/** A wait in the unit a person would use: minutes under an hour, hours under two days, then days. */
export function WaitText({ minutes }: { minutes: number }) {
  const { t } = useTranslation('coverage');
  if (minutes < 60) return <>{t('wait.minutes', { count: minutes, value: formatNumber(minutes) })}</>;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return <>{t('wait.hours', { count: hours, value: formatNumber(hours) })}</>;
  const days = Math.round(hours / 24);
  return <>{t('wait.days', { count: days, value: formatNumber(days) })}</>;
}
