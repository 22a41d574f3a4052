import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Building2, Pencil } from 'lucide-react';
import type { BillingProfile } from '../../../shared/invoices';
import { countryName } from '../../lib/place-names';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { EmptyState, Skeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { useBillingProfile } from './billing-api';
import { BillingProfileForm } from './billing-profile-form';

/** The anchor settings links to (/subscription#billing-details). */
export const BILLING_DETAILS_ID = 'billing-details';

/** The subscription page's card for the workspace's billing details: shown, added or edited in place. */
export function BillingDetailsCard() {
  const { t } = useTranslation('billing');
  const profile = useBillingProfile();
  const [editing, setEditing] = useState(false);
  useScrollIntoViewWhenLinked(profile.isSuccess);
  const canEdit = profile.isSuccess && !editing;

  return (
    <section id={BILLING_DETAILS_ID} aria-labelledby="billing-details-title" className="scroll-mt-20">
      <Card>
        <CardHeader
          title={<span id="billing-details-title">{t('profile.title')}</span>}
          description={t('profile.description')}
          action={
            canEdit && profile.data ? (
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                <Pencil className="h-4 w-4" aria-hidden />
                {t('profile.edit')}
              </Button>
            ) : undefined
          }
        />
        <CardBody>
          <BillingProfileContent
            editing={editing}
            submitLabel={t('profile.save')}
            onDone={() => setEditing(false)}
            empty={
              <EmptyState
                icon={<Building2 className="h-10 w-10" aria-hidden />}
                title={t('profile.empty')}
                description={t('profile.emptyText')}
                action={<Button onClick={() => setEditing(true)}>{t('profile.add')}</Button>}
              />
            }
          />
        </CardBody>
      </Card>
    </section>
  );
}

/**
 * The billing details while they load, failed, shown, or in their form: the form when editing, and when there
 * are none and no `empty` state stands for them (the checkout asks for them at once). Cancel returns to what
 * was there before, so it is offered only when something was.
 */
export function BillingProfileContent({
  editing,
  submitLabel,
  onDone,
  empty,
}: {
  editing: boolean;
  submitLabel: string;
  onDone: () => void;
  empty?: ReactNode;
}) {
  const profile = useBillingProfile();
  return (
    <QueryState query={profile} loading={<Skeleton className="h-24" />}>
      {(saved) =>
        editing || (!saved && !empty) ? (
          <BillingProfileForm profile={saved} submitLabel={submitLabel} onSaved={onDone} onCancel={saved || empty ? onDone : undefined} />
        ) : saved ? (
          <BillingProfileSummary profile={saved} />
        ) : (
          empty
        )
      }
    </QueryState>
  );
}

/** The billing details as the invoice will carry them; each value isolated, beside its label in either direction. */
export function BillingProfileSummary({ profile }: { profile: BillingProfile }) {
  const { t } = useTranslation('billing');
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="billing-profile-summary">
      <div>
        <dt className="text-slate-500">{t('profile.legalName')}</dt>
        <dd className="font-medium break-words text-slate-900">
          <bdi>{profile.legalName}</bdi>
        </dd>
        {profile.legalNameAr && (
          <dd className="font-medium break-words text-slate-900" dir="rtl" lang="ar" data-testid="billing-legal-name-ar">
            {profile.legalNameAr}
          </dd>
        )}
      </div>
      <div>
        <dt className="text-slate-500">{t('profile.country')}</dt>
        <dd className="font-medium text-slate-900">{countryName(profile.country)}</dd>
      </div>
      <div>
        <dt className="text-slate-500">{t('profile.address')}</dt>
        <dd className="whitespace-pre-line break-words text-slate-900">
          <bdi>{profile.address}</bdi>
        </dd>
      </div>
      <div>
        <dt className="text-slate-500">{t('profile.taxNumber')}</dt>
        <dd className="text-slate-900">
          {profile.taxNumber ? (
            <bdi dir="ltr" className="font-mono">
              {profile.taxNumber}
            </bdi>
          ) : (
            t('profile.notRegistered')
          )}
        </dd>
      </div>
    </dl>
  );
}

/** Settings links to the card by address; the page draws it only once the details arrive, so scroll then. */
function useScrollIntoViewWhenLinked(ready: boolean) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current || hash !== `#${BILLING_DETAILS_ID}`) return;
    done.current = true;
    document.getElementById(BILLING_DETAILS_ID)?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);
}
