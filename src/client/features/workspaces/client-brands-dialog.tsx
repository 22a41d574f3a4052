import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { BrandChecklist } from './brand-checklist';

/**
 * The brands a client seat works on, chosen before the change is sent: when a member becomes a client,
 * or when a client's brands change. At least one brand (the server says so too: CLIENT_BRANDS_REQUIRED).
 * Mounted when opened, so each opening starts from the member's brands.
 */
export function ClientBrandsDialog({
  name,
  initial,
  pending,
  onCancel,
  onSave,
}: {
  name: string;
  initial: string[];
  pending: boolean;
  onCancel: () => void;
  onSave: (brandIds: string[]) => void;
}) {
  const { t } = useTranslation('workspaces');
  const [brandIds, setBrandIds] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const save = () => {
    if (brandIds.length === 0) setError(t('members.brandsRequired'));
    else onSave(brandIds);
  };
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !pending && onCancel()}
      title={t('members.brandsTitle', { name })}
      description={t('members.brandsText')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {t('own.cancel')}
          </Button>
          <Button onClick={save} loading={pending}>
            {t('members.brandsSave')}
          </Button>
        </>
      }
    >
      <BrandChecklist
        id="client-brands"
        legend={t('invite.brands')}
        value={brandIds}
        onChange={setBrandIds}
        error={error}
      />
    </Dialog>
  );
}
