import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { Brand } from '../../../shared/brands';
import { ApiError, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { isolate, translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import {
  BRAND_FIELDS,
  brandFormSchema,
  FIELD_OF_CONFLICT,
  formValuesOf,
  inputOf,
  type BrandForm,
  type BrandFormOutput,
} from './brand-form';
import { ApprovalField, IdentityFields, NewsroomFields, ReleaseDefaultsFields } from './brand-form-fields';
import { LogoField, NO_LOGO_CHANGE, type LogoChoice } from './logo-field';
import { useCreateBrand, useRemoveLogo, useUpdateBrand, useUploadLogo } from './brands-api';

/**
 * "New brand" (brand = null) or "Edit brand". The logo is sent after the brand is saved (a new brand has
 * no address for it before); when the server refuses the image, the brand stays saved and the dialog
 * stays open on it, with the refusal under the logo.
 */
export function BrandFormDialog({
  open,
  brand,
  onClose,
}: {
  open: boolean;
  brand: Brand | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('brands');
  const toast = useToast();
  const [saved, setSaved] = useState<Brand | null>(brand);
  const [logo, setLogo] = useState<LogoChoice>(NO_LOGO_CHANGE);
  const [logoError, setLogoError] = useState<string | undefined>();
  const form = useForm({
    resolver: zodResolver(brandFormSchema),
    mode: 'onTouched',
    defaultValues: formValuesOf(brand),
  });
  const saveBrand = useSaveBrand();
  const saveLogo = useSaveLogo();
  const { isSubmitting } = form.formState;

  useEffect(() => {
    if (!open) return;
    setSaved(brand);
    setLogo(NO_LOGO_CHANGE);
    setLogoError(undefined);
    form.reset(formValuesOf(brand));
  }, [open, brand, form]);

  const submit = form.handleSubmit(async (values) => {
    let current = saved;
    try {
      current = await saveBrand(current, values);
      setSaved(current);
    } catch (error) {
      placeFieldErrors(error, form);
      toast({
        title: t('toasts.saveFailed'),
        description: translateMessage(errorMessage(error)),
        variant: 'destructive',
      });
      return;
    }
    try {
      await saveLogo(current, logo);
    } catch (error) {
      setLogo(NO_LOGO_CHANGE);
      setLogoError(translateMessage(errorMessage(error)));
      toast({
        title: t('toasts.logoFailed'),
        description: translateMessage(errorMessage(error)),
        variant: 'destructive',
      });
      return;
    }
    toast({
      title: brand || saved ? t('toasts.saved') : t('toasts.created', { name: isolate(current.name) }),
    });
    onClose();
  });

  const editing = !!saved;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !isSubmitting && onClose()}
      size="lg"
      title={editing ? t('form.editTitle') : t('form.newTitle')}
      description={t('form.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" form="brand-form" loading={isSubmitting}>
            {editing ? t('form.save') : t('form.create')}
          </Button>
        </>
      }
    >
      <form id="brand-form" noValidate onSubmit={submit} className="space-y-6">
        <IdentityFields form={form} />
        <LogoField
          currentUrl={saved?.logoUrl ?? null}
          name={form.watch('name')}
          value={logo}
          onChange={setLogo}
          error={logoError}
          onError={setLogoError}
        />
        <NewsroomFields form={form} />
        <ReleaseDefaultsFields form={form} />
        <ApprovalField form={form} />
      </form>
    </Dialog>
  );
}

/** Creates the brand, or changes the one already saved. */
function useSaveBrand() {
  const create = useCreateBrand();
  const update = useUpdateBrand();
  return (current: Brand | null, values: BrandFormOutput) =>
    current
      ? update.mutateAsync({ id: current.id, body: inputOf(values) })
      : create.mutateAsync(inputOf(values));
}

/** Sends the chosen logo, or removes the current one; nothing when neither was asked. */
function useSaveLogo() {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  return async (brand: Brand, choice: LogoChoice) => {
    if (choice.file) await upload.mutateAsync({ id: brand.id, file: choice.file });
    else if (choice.remove && brand.logoUrl) await remove.mutateAsync(brand.id);
  };
}

/** The server's field errors onto their fields; a name or address already taken (409) onto its own. */
function placeFieldErrors(error: unknown, form: BrandForm): void {
  if (applyServerFieldErrors(error, form.setError, BRAND_FIELDS) > 0) return;
  const field = error instanceof ApiError ? FIELD_OF_CONFLICT[error.code] : undefined;
  if (field)
    form.setError(field, { type: 'server', message: (error as ApiError).code }, { shouldFocus: true });
}
