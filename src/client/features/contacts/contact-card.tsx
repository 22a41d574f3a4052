import { Building2, Globe2, Mail, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '../../../shared/contacts';
import { Badge } from '../../ui/feedback';
import { UnsubscribedBadge } from './unsubscribed-badge';
import { cn } from '../../ui/cn';
import { fullName, topicsOf } from './contacts-text';
import { valueLabel } from '../../lib/value-label';
import { OwnText } from '../../ui/own-text';

export function ContactCard({
  contact,
  selected,
  onToggle,
  onOpen,
  onEdit,
  onDelete,
}: {
  contact: Contact;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
  /** Super admin only. */
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation('contacts');
  const name = fullName(contact) || contact.email;
  const topics = topicsOf(contact.contactTopics).slice(0, 3);
  return (
    <article
      data-testid="contact-card"
      aria-label={name}
      onClick={onOpen}
      className={cn(
        'group relative flex cursor-pointer flex-col gap-2 rounded-xl border bg-white p-4 shadow-sm transition hover:border-brand-200 hover:shadow',
        selected ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200',
      )}
    >
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
          checked={selected}
          onChange={onToggle}
          onClick={(event) => event.stopPropagation()}
          aria-label={t('card.select', { name })}
        />
        <div className="min-w-0 flex-1">
          {/*
            Each field in its own direction and aligned by it: a Latin name at the left and an Arabic
            position under it at the right, on a page of either language.
          */}
          <h3 className="font-semibold text-slate-900">
            <button
              type="button"
              className="block w-full truncate text-start hover:underline"
              onClick={(e) => (e.stopPropagation(), onOpen())}
              dir="auto"
              title={name}
            >
              {name}
            </button>
          </h3>
          {contact.position && (
            <OwnText as="p" className="text-sm text-slate-600">
              {contact.position}
            </OwnText>
          )}
        </div>
        {(onEdit || onDelete) && (
          <div className="flex shrink-0 gap-1 opacity-100 transition lg:opacity-0 lg:group-focus-within:opacity-100 lg:group-hover:opacity-100">
            {onEdit && (
              <button
                type="button"
                onClick={(e) => (e.stopPropagation(), onEdit())}
                aria-label={t('card.edit', { name })}
                className="rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-brand-700"
              >
                <Pencil className="h-4 w-4" aria-hidden />
              </button>
            )}
            {onDelete && (
              <button
                type="button"
                onClick={(e) => (e.stopPropagation(), onDelete())}
                aria-label={t('card.delete', { name })}
                className="rounded p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-600"
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </button>
            )}
          </div>
        )}
      </div>
      {contact.organization && (
        // The line takes the outlet's direction (its own text decides), so the icon sits at the outlet's start.
        <p className="flex items-center gap-2 text-sm text-slate-700" dir="auto" data-testid="contact-outlet">
          <Building2 className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          <span className="min-w-0 flex-1 truncate text-start" title={contact.organization}>
            {contact.organization}
          </span>
        </p>
      )}
      {/* An address is Latin and left to right: its line too, like a Latin outlet's above it. */}
      <p className="flex items-center gap-2 text-sm text-slate-700" dir="ltr">
        <Mail className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
        <span
          dir="ltr"
          className={cn('truncate', contact.masked && 'text-slate-500')}
          data-testid="contact-email"
        >
          {contact.email}
        </span>
      </p>
      {(contact.country || contact.city) && (
        <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="contact-place">
          <Globe2 className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          <span className="min-w-0">
            {[contact.country && valueLabel(t, 'country', contact.country), contact.city && valueLabel(t, 'city', contact.city)]
              .filter(Boolean)
              .join(t('card.placeSeparator'))}
          </span>
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-1 pt-1">
        <UnsubscribedBadge contact={contact} />
        {contact.mediaType && <Badge tone="blue">{valueLabel(t, 'mediaType', contact.mediaType)}</Badge>}
        {contact.language && <Badge tone="gold">{valueLabel(t, 'language', contact.language)}</Badge>}
        {topics.map((topic) => (
          <Badge key={topic}>{valueLabel(t, 'contactTopic', topic)}</Badge>
        ))}
      </div>
    </article>
  );
}
