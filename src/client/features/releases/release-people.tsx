import { useTranslation } from 'react-i18next';
import type { PressReleaseSummary } from '../../../shared/releases';
import { SENT_STATUSES } from '../../../shared/release-statuses';
import type { PersonRef } from '../../../shared/workspaces';
import { formatDate, isolate } from '../../lib/i18n';

/** A person's name as a release shows it, "(removed)" after one who left the workspace. */
export function usePersonName() {
  const { t } = useTranslation('releases');
  return (person: PersonRef) =>
    person.removed ? t('people.removed', { name: isolate(person.name) }) : isolate(person.name);
}

/** "by Sara Haddad" under a release in a list. */
export function ReleaseAuthor({ release }: { release: Pick<PressReleaseSummary, 'author'> }) {
  const { t } = useTranslation('releases');
  const name = usePersonName();
  const { author } = release;
  if (!author) return null;
  return (
    <span className="text-xs text-slate-500" data-testid="release-author">
      {t('people.by', { name: name(author) })}
    </span>
  );
}

type ClientApproval = { clientApprovedBy?: PersonRef | null; clientApprovedAt?: string | null };

/**
 * Who wrote, approved and sent a release, and the brand's client who approved it: on the release page.
 * Its sender is named once it is scheduled ("Scheduled by") or has gone out ("Sent by"), never while it
 * still waits for an approver, the client or Nashr's editor.
 */
export function ReleasePeople({
  release,
}: {
  release: Pick<PressReleaseSummary, 'author' | 'approvedBy' | 'sentBy' | 'status'> & ClientApproval;
}) {
  const { t } = useTranslation(['releases', 'brands', 'lifecycle']);
  const name = usePersonName();
  const { author, approvedBy, sentBy, clientApprovedBy, clientApprovedAt, status } = release;
  const sender = SENT_STATUSES.includes(status) ? 'releases:people.sentBy' : status === 'scheduled' ? 'lifecycle:people.scheduledBy' : null;
  const rows = [
    { key: 'releases:people.author', person: author },
    { key: 'releases:people.approvedBy', person: approvedBy },
    { key: sender, person: sender ? sentBy : null },
  ].filter((row): row is { key: string; person: PersonRef } => !!row.person && !!row.key);
  if (rows.length === 0 && !clientApprovedBy) return null;
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600" data-testid="release-people">
      {rows.map(({ key, person }) => (
        <div key={key} className="flex gap-1">
          <dt className="font-medium text-slate-500">{t(key)}</dt>
          <dd>{name(person)}</dd>
        </div>
      ))}
      {clientApprovedBy && (
        <div className="flex gap-1" data-testid="client-approved">
          <dt className="sr-only">{t('brands:clientApproval.approvedByLabel')}</dt>
          <dd>
            {clientApprovedAt
              ? t('brands:clientApproval.approvedByOn', {
                  name: name(clientApprovedBy),
                  date: formatDate(clientApprovedAt, true),
                })
              : t('brands:clientApproval.approvedBy', { name: name(clientApprovedBy) })}
          </dd>
        </div>
      )}
    </dl>
  );
}
