import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { EmptyState, Spinner } from '../../ui/feedback';
import { QueryState, noEntries } from '../../ui/query-state';
import type { useUserLists } from '../../lib/user-lists';
import type { RecipientList } from './releases-api';

/** The user's lists as checkboxes, with how many contacts each holds; the way to create one when there is none. */
export function RecipientPicker({
  lists,
  value,
  onChange,
  error,
}: {
  lists: ReturnType<typeof useUserLists>;
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('releases');
  const navigate = useNavigate();
  return (
    <QueryState
      query={lists}
      loading={<Spinner label={t('recipients.loading')} className="py-4" />}
      isEmpty={noEntries}
      empty={
        <EmptyState
          title={t('recipients.empty')}
          description={t('recipients.emptyText')}
          action={<Button onClick={() => navigate('/my-lists')}>{t('recipients.createFirst')}</Button>}
        />
      }
    >
      {(found) => <ListChoices lists={found} value={value} onChange={onChange} error={error} />}
    </QueryState>
  );
}

/** Each list as a checkbox, with how many contacts it holds. */
function ListChoices({ lists, value, onChange, error }: { lists: RecipientList[]; value: string[]; onChange: (next: string[]) => void; error?: string }) {
  const { t } = useTranslation('releases');
  const toggle = (list: RecipientList, checked: boolean) => onChange(checked ? [...value, list.id] : value.filter((id) => id !== list.id));
  return (
    <fieldset aria-describedby={error ? 'recipientLists-error' : undefined}>
      <legend className="sr-only">{t('recipients.title')}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {lists.map((list) => (
          <label key={list.id} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 hover:bg-slate-50 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
            <input type="checkbox" className="h-4 w-4 accent-brand-700" checked={value.includes(list.id)} onChange={(e) => toggle(list, e.target.checked)} />
            <span className="min-w-0 flex-1 truncate text-sm font-medium" dir="auto">
              {list.name}
            </span>
            <span className="text-xs text-slate-500">{t('recipients.count', { count: list.contactCount })}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id="recipientLists-error" role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
