import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Mail } from 'lucide-react';
import { senderNameOf } from '../../../shared/brands';
import type { BrandForm } from './brand-form';

/** What a journalist's inbox shows as the sender, as it is typed: "{sender} via Nashr" (always in English). */
export function SenderPreview({ form }: { form: BrandForm }) {
  const { t } = useTranslation('brands');
  const [name, senderName] = useWatch({ control: form.control, name: ['name', 'senderName'] });
  const sender = senderNameOf({ name: name ?? '', senderName: senderName ?? '' });
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600" data-testid="sender-preview">
      <Mail className="h-3.5 w-3.5" aria-hidden />
      {t('form.senderPreview')}
      <bdi dir="ltr" className="rounded bg-slate-100 px-2 py-0.5 font-medium text-slate-800">
        {sender ? `${sender} via Nashr` : t('form.senderPreviewEmpty')}
      </bdi>
    </p>
  );
}
