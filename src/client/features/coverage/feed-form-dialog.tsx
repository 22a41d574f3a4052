import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { COUNTRIES } from '../../../shared/contacts';
import { FEED_LANGUAGES, feedInputSchema, type OutletFeed } from '../../../shared/coverage';
import { errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field, Input, Select } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { valueLabel } from '../../lib/value-label';
import { useSaveFeed } from './coverage-api';

type FormValues = z.input<typeof feedInputSchema>;
const FIELDS = ['url', 'outlet', 'country', 'language', 'enabled'] as const;
const BLANK: FormValues = { url: '', outlet: '', country: 'UAE', language: 'english', enabled: true };

/** Add a feed (feed = null) or edit one. */
export function FeedFormDialog({ open, feed, onClose }: { open: boolean; feed: OutletFeed | null; onClose: () => void }) {
  const { t } = useTranslation('coverage');
  const { t: contactsText } = useTranslation('contacts');
  const toast = useToast();
  const save = useSaveFeed();
  const { register, handleSubmit, reset, setError, formState } = useForm<FormValues>({ resolver: zodResolver(feedInputSchema), defaultValues: BLANK });

  useEffect(() => {
    if (open) reset(feed ? { url: feed.url, outlet: feed.outlet, country: feed.country as FormValues['country'], language: feed.language, enabled: feed.enabled } : BLANK);
  }, [open, feed, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: feed?.id, feed: values });
      toast({ title: t('feeds.toasts.saved') });
      onClose();
    } catch (error) {
      if (applyServerFieldErrors(error, setError, FIELDS) === 0) {
        // A duplicate address belongs to the address field.
        setError('url', { message: errorMessage(error) }, { shouldFocus: true });
      }
    }
  });

  const error = (name: (typeof FIELDS)[number]) => translateMessage(formState.errors[name]?.message);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !formState.isSubmitting && onClose()}
      title={feed ? t('feeds.form.editTitle') : t('feeds.form.createTitle')}
      description={t('feeds.form.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={formState.isSubmitting}>
            {t('feeds.form.cancel')}
          </Button>
          <Button type="submit" form="feed-form" loading={formState.isSubmitting}>
            {formState.isSubmitting ? t('feeds.form.saving') : t('feeds.form.save')}
          </Button>
        </>
      }
    >
      <form id="feed-form" noValidate onSubmit={submit} className="space-y-4">
        <Field id="feed-url" label={t('feeds.form.url')} error={error('url')}>
          <Input id="feed-url" type="url" dir="ltr" invalid={!!error('url')} aria-describedby={error('url') ? 'feed-url-error' : undefined} autoFocus {...register('url')} />
        </Field>
        <Field id="feed-outlet" label={t('feeds.form.outlet')} error={error('outlet')}>
          <Input id="feed-outlet" dir="auto" invalid={!!error('outlet')} aria-describedby={error('outlet') ? 'feed-outlet-error' : undefined} {...register('outlet')} />
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field id="feed-country" label={t('feeds.form.country')} error={error('country')}>
            <Select id="feed-country" invalid={!!error('country')} {...register('country')}>
              {COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {valueLabel(contactsText, 'country', c)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="feed-language" label={t('feeds.form.language')} error={error('language')}>
            <Select id="feed-language" invalid={!!error('language')} {...register('language')}>
              {FEED_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {t(`feeds.languages.${l}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4 rounded border-slate-300" {...register('enabled')} />
          {t('feeds.form.enabled')}
        </label>
      </form>
    </Dialog>
  );
}
