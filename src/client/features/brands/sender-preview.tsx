import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Mail } from 'lucide-react';
import { fromDisplayName, senderNameIn } from '../../../shared/brands';
import type { BrandForm } from './brand-form';

/**
 * What a journalist's inbox shows as the sender, as it is typed: "{sender} via Nashr" on the brand's English
 * e-mails, "{sender} عبر نشر" on its Arabic ones (issue 37), made by the sender's own functions.
 */
export function SenderPreview({ form, language }: { form: BrandForm; language: 'english' | 'arabic' }) {
  const { t } = useTranslation('brands');
  const [name, nameAr, senderName, senderNameAr] = useWatch({
    control: form.control,
    name: ['name', 'nameAr', 'senderName', 'senderNameAr'],
  });
  const sender = senderNameIn(
    { name: name ?? '', nameAr: nameAr ?? '', senderName: senderName ?? '', senderNameAr: senderNameAr ?? '' },
    language,
  );
  const arabic = language === 'arabic';
  return (
    <p
      className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600"
      data-testid={arabic ? 'sender-preview-ar' : 'sender-preview'}
    >
      <Mail className="h-3.5 w-3.5" aria-hidden />
      {t(arabic ? 'form.senderPreviewAr' : 'form.senderPreview')}
      <bdi
        dir={arabic ? 'rtl' : 'ltr'}
        lang={arabic ? 'ar' : 'en'}
        className="rounded bg-slate-100 px-2 py-0.5 font-medium text-slate-800"
      >
        {sender ? fromDisplayName(sender, language) : t('form.senderPreviewEmpty')}
      </bdi>
    </p>
  );
}
