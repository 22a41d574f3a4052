import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '../../../shared/contacts';
import { ListPlus } from 'lucide-react';
import { Button } from '../../ui/button';
import { JournalistChoices } from '../preferences/admin-journalist-choices';
import { Dialog } from '../../ui/dialog';
import { Badge } from '../../ui/feedback';
import { fullName, topicsOf } from './contacts-text';
import { valueLabel } from '../../lib/value-label';
import { MaskedNotice } from './masked-notice';
import { UnsubscribedBadge } from './unsubscribed-badge';

/** SPEC §2: the four sections of a contact, and a way to add it to a list from here. */
export function ContactDetailDialog({
  contact,
  onClose,
  onAddToList,
  superAdmin = false,
}: {
  contact: Contact | null;
  onClose: () => void;
  /** Offers "Add to List" (the database's cards; not inside a list's own view). */
  onAddToList?: (contact: Contact) => void;
  /** A super admin also sees what the journalist chose, and accredits them for embargoes. */
  superAdmin?: boolean;
}) {
  const { t } = useTranslation('contacts');
  return (
    <Dialog
      open={contact !== null}
      onOpenChange={(open) => !open && onClose()}
      footer={
        contact &&
        onAddToList && (
          <Button onClick={() => onAddToList(contact)}>
            <ListPlus className="h-4 w-4" aria-hidden />
            {t('actions.addToList')}
          </Button>
        )
      }
      title={contact ? fullName(contact) || contact.email : ''}
      description={
        contact
          ? [contact.position, contact.organization].filter(Boolean).join(' · ') || undefined
          : undefined
      }
      size="lg"
    >
      {contact && (
        <div className="space-y-5">
          {contact.masked && <MaskedNotice />}
          <UnsubscribedBadge contact={contact} />
          <Section title={t('detail.personal')}>
            <Row label={t('fields.firstName')} value={contact.firstName} />
            <Row label={t('fields.lastName')} value={contact.lastName} />
            <Row label={t('fields.email')} value={contact.email} ltr testId="detail-email" />
            <Row label={t('fields.phone')} value={contact.phone} ltr />
          </Section>
          <Section title={t('detail.professional')}>
            <Row label={t('fields.organization')} value={contact.organization} />
            <Row label={t('fields.position')} value={contact.position} />
            <Row label={t('fields.category')} value={contact.category} />
            <Row
              label={t('fields.mediaType')}
              value={contact.mediaType && valueLabel(t, 'mediaType', contact.mediaType)}
            />
          </Section>
          <Section title={t('detail.location')}>
            <Row
              label={t('fields.country')}
              value={contact.country && valueLabel(t, 'country', contact.country)}
            />
            <Row label={t('fields.city')} value={contact.city && valueLabel(t, 'city', contact.city)} />
            <Row
              label={t('fields.language')}
              value={contact.language && valueLabel(t, 'language', contact.language)}
            />
            <Row label={t('fields.specialization')} value={contact.specialization} />
            <Row label={t('fields.focus')} value={contact.focus} />
          </Section>
          <Section title={t('detail.topics')}>
            <Topics label={t('fields.contactTopics')} value={contact.contactTopics} />
            <Topics label={t('fields.outletTopics')} value={contact.outletTopics} />
          </Section>
          {superAdmin && <JournalistChoices contactId={contact.id} />}
        </div>
      )}
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-700">{title}</h3>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-2">
        {children}
      </dl>
    </section>
  );
}

function Row({
  label,
  value,
  ltr = false,
  testId,
}: {
  label: string;
  value: string;
  ltr?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('contacts');
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      {/* An address or number reads left to right, but sits on the reading side of an Arabic page. */}
      <dd className="break-words text-sm text-slate-900" data-testid={testId}>
        {value ? (
          ltr ? (
            <bdi dir="ltr">{value}</bdi>
          ) : (
            <bdi>{value}</bdi>
          )
        ) : (
          <span className="text-slate-500">{t('detail.notProvided')}</span>
        )}
      </dd>
    </div>
  );
}

function Topics({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('contacts');
  const topics = topicsOf(value);
  return (
    <div className="sm:col-span-2">
      <dt className="mb-1 text-xs text-slate-500">{label}</dt>
      <dd className="flex flex-wrap gap-1">
        {topics.length === 0 ? (
          <span className="text-sm text-slate-500">{t('detail.notProvided')}</span>
        ) : (
          topics.map((topic) => <Badge key={topic}>{valueLabel(t, 'contactTopic', topic)}</Badge>)
        )}
      </dd>
    </div>
  );
}
