import { useTranslation } from 'react-i18next';
import type { Contact } from '../../../shared/contacts';
import { Badge } from '../../ui/feedback';

/**
 * Says that a contact asked to stop receiving the customer's releases (or every release sent through
 * Nashr), so they learn it before the pre-send dialog counts them out. Never shows the address.
 */
export function UnsubscribedBadge({ contact }: { contact: Pick<Contact, 'unsubscribed'> }) {
  const { t } = useTranslation('contacts');
  if (!contact.unsubscribed) return null;
  return (
    <span data-testid="contact-unsubscribed">
      <Badge tone="amber">{t(`unsubscribed.${contact.unsubscribed}`)}</Badge>
    </span>
  );
}
