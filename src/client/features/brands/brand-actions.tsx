import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Archive, ArchiveRestore, Trash2 } from 'lucide-react';
import type { Brand } from '../../../shared/brands';
import { errorMessage } from '../../lib/api';
import { isolate, translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import { useDeleteBrand, useSetArchived } from './brands-api';

type Texts = { button: string; named: string; title: string; text: string; done: string; failed: string };

/** A button that asks first, then runs the change and says how it went. */
function ConfirmedAction({
  icon,
  texts,
  run,
  pending,
  destructive = true,
  className,
}: {
  icon: ReactNode;
  texts: Texts;
  run: () => Promise<unknown>;
  pending: boolean;
  destructive?: boolean;
  className?: string;
}) {
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    try {
      await run();
      toast({ title: texts.done });
    } catch (error) {
      toast({
        title: texts.failed,
        description: translateMessage(errorMessage(error)),
        variant: 'destructive',
      });
    } finally {
      setAsking(false);
    }
  };
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className={className}
        onClick={() => setAsking(true)}
        aria-label={texts.named}
      >
        {icon}
        {texts.button}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={texts.title}
        description={texts.text}
        confirmLabel={texts.button}
        destructive={destructive}
        pending={pending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}

/**
 * Archive (or bring back) a brand: an archived brand keeps its public pages but is offered for no new
 * release.
 */
export function ArchiveButton({ brand }: { brand: Brand }) {
  const { t } = useTranslation('brands');
  const setArchived = useSetArchived();
  const archived = !!brand.archivedAt;
  const name = isolate(brand.name);
  const texts: Texts = archived
    ? {
        button: t('actions.unarchive'),
        named: t('actions.unarchiveNamed', { name }),
        title: t('confirm.unarchiveTitle'),
        text: t('confirm.unarchiveText', { name }),
        done: t('toasts.unarchived', { name }),
        failed: t('toasts.changeFailed'),
      }
    : {
        button: t('actions.archive'),
        named: t('actions.archiveNamed', { name }),
        title: t('confirm.archiveTitle'),
        text: t('confirm.archiveText', { name }),
        done: t('toasts.archived', { name }),
        failed: t('toasts.changeFailed'),
      };
  return (
    <ConfirmedAction
      icon={
        archived ? (
          <ArchiveRestore className="h-4 w-4" aria-hidden />
        ) : (
          <Archive className="h-4 w-4" aria-hidden />
        )
      }
      texts={texts}
      destructive={!archived}
      pending={setArchived.isPending}
      run={() => setArchived.mutateAsync({ id: brand.id, archived: !archived })}
    />
  );
}

/** Delete a brand that never sent a release (the server refuses the others: archive them). */
export function DeleteButton({ brand }: { brand: Brand }) {
  const { t } = useTranslation('brands');
  const remove = useDeleteBrand();
  const name = isolate(brand.name);
  return (
    <ConfirmedAction
      icon={<Trash2 className="h-4 w-4" aria-hidden />}
      className="text-red-600"
      texts={{
        button: t('actions.delete'),
        named: t('actions.deleteNamed', { name }),
        title: t('confirm.deleteTitle'),
        text: t('confirm.deleteText', { name }),
        done: t('toasts.deleted', { name }),
        failed: t('toasts.deleteFailed'),
      }}
      pending={remove.isPending}
      run={() => remove.mutateAsync(brand.id)}
    />
  );
}
