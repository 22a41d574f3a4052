import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '../../../shared/contacts';
import { Dialog } from '../../ui/dialog';

const splitTopics = (value: string) =>
  value
    .split(/[,،]/)
    .map((v) => v.trim())
    .filter(Boolean);

/** A list member's details; the email is shown in full when the viewer may see it (the server decides). */
export function ListContactDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const { t } = useTranslation('lists');
  const name = contact ? `${contact.firstName} ${contact.lastName}`.trim() || contact.email : '';
  return (
    <Dialog open={contact !== null} onOpenChange={(open) => !open && onClose()} title={name} size="lg">
      {contact && (
        <div className="space-y-5">
          {contact.masked && (
            <p
              role="note"
              className="rounded-lg border border-gold-400 bg-gold-400/15 px-4 py-3 text-sm font-medium text-slate-800"
            >
              {t('view.masked')}
            </p>
          )}
          <Section title={t('detail.personal')}>
            <Row label={t('fields.name')} value={name} />
            <Row label={t('fields.email')} value={contact.email} ltr testId="list-detail-email" />
            <Row label={t('fields.phone')} value={contact.phone} ltr />
          </Section>
          <Section title={t('detail.professional')}>
            <Row label={t('fields.organization')} value={contact.organization} />
            <Row label={t('fields.position')} value={contact.position} />
            <Row label={t('fields.mediaType')} value={contact.mediaType} />
          </Section>
          <Section title={t('detail.location')}>
            <Row label={t('fields.country')} value={contact.country} />
            <Row label={t('fields.language')} value={contact.language} />
            <Row label={t('fields.focus')} value={contact.specialization || contact.focus} />
          </Section>
          <Section title={t('detail.topics')}>
            <Row label={t('fields.contactTopics')} value={splitTopics(contact.contactTopics).join('، ')} />
            <Row label={t('fields.outletTopics')} value={splitTopics(contact.outletTopics).join('، ')} />
          </Section>
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
  const { t } = useTranslation('lists');
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      {/* An address or number reads left to right, but sits on the reading side of an Arabic page. */}
      <dd className="break-words text-sm text-slate-900" data-testid={testId}>
        {value ? (
          ltr ? (
            <bdi dir="ltr">{value}</bdi>
          ) : (
            value
          )
        ) : (
          <span className="text-slate-400">{t('detail.notProvided')}</span>
        )}
      </dd>
    </div>
  );
}
