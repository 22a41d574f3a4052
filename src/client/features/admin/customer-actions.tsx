import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ban, Gift, PlayCircle } from 'lucide-react';
import type { AdminWorkspaceDetail } from '../../../shared/admin';
import { errorMessage } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import { useReactivateWorkspace } from './desk-api';
import { GrantDialog } from './grant-dialog';
import { SuspendDialog } from './suspend-dialog';

type Open = 'grant' | 'suspend' | 'reactivate' | null;

/** What the operator can do to a customer: give releases, suspend it, or let it back in. */
export function CustomerActions({ customer }: { customer: AdminWorkspaceDetail }) {
  const { t } = useTranslation('desk');
  const [open, setOpen] = useState<Open>(null);
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => setOpen('grant')}>
        <Gift className="h-4 w-4" aria-hidden />
        {t('grant.open')}
      </Button>
      {customer.suspended ? (
        <Button variant="secondary" onClick={() => setOpen('reactivate')}>
          <PlayCircle className="h-4 w-4" aria-hidden />
          {t('reactivate.open')}
        </Button>
      ) : (
        <Button variant="secondary" className="text-red-700" onClick={() => setOpen('suspend')}>
          <Ban className="h-4 w-4" aria-hidden />
          {t('suspend.open')}
        </Button>
      )}
      {open === 'grant' && <GrantDialog customer={customer} onClose={() => setOpen(null)} />}
      {open === 'suspend' && <SuspendDialog customer={customer} onClose={() => setOpen(null)} />}
      <ReactivateDialog customer={customer} open={open === 'reactivate'} onClose={() => setOpen(null)} />
    </div>
  );
}

function ReactivateDialog({ customer, open, onClose }: { customer: AdminWorkspaceDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('desk');
  const toast = useToast();
  const reactivate = useReactivateWorkspace(customer.id);
  const confirm = () =>
    reactivate.mutate(undefined, {
      onSuccess: () => toast({ title: t('reactivate.done', { name: customer.name }) }),
      onError: (error) =>
        toast({ title: t('reactivate.failed'), description: translateMessage(errorMessage(error)), variant: 'destructive' }),
      onSettled: onClose,
    });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && !reactivate.isPending && onClose()}
      title={t('reactivate.title')}
      description={t('reactivate.text', { name: customer.name })}
      confirmLabel={t('reactivate.confirm')}
      destructive={false}
      pending={reactivate.isPending}
      onConfirm={confirm}
    />
  );
}
