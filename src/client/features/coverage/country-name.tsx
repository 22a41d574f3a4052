import { useTranslation } from 'react-i18next';

/** A country of the media database in the reader's language (the contacts feature names them). */
export function CountryName({ country }: { country: string }) {
  const { t } = useTranslation('contacts');
  return <bdi>{t(`values.country.${country}`, { defaultValue: country })}</bdi>;
}
