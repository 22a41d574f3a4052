import { useTranslation } from 'react-i18next';
import { valueLabel } from '../../lib/value-label';

/** A country of the media database in the reader's language (the contacts feature names them). */
export function CountryName({ country }: { country: string }) {
  const { t } = useTranslation('contacts');
  return <bdi>{valueLabel(t, 'country', country)}</bdi>;
}
