import { z } from 'zod';
import type { UseFormReturn } from 'react-hook-form';
import { brandInputSchema, newsroomSlugField, type Brand, type BrandInput } from '../../../shared/brands';

/**
 * The brand form reads the shared schema; only the newsroom address differs: an empty box means "none
 * chosen yet" (the server gives one at the brand's first release), which the API takes as null.
 */
export const brandFormSchema = brandInputSchema.extend({
  newsroomSlug: z.union([z.literal(''), newsroomSlugField]),
});
export type BrandFormValues = z.input<typeof brandFormSchema>;
export type BrandFormOutput = z.output<typeof brandFormSchema>;

/** The fields the server may name in its field errors. */
export const BRAND_FIELDS = [
  'name',
  'nameAr',
  'senderName',
  'senderNameAr',
  'newsroomSlug',
  'newsroomEnabled',
  'boilerplate',
  'boilerplateAr',
  'contactName',
  'contactEmail',
  'contactPhone',
  'language',
  'clientApproval',
  'forwardRepliesToClients',
] as const;

/** A 409 without field errors still belongs to one field: the name or the newsroom address. */
export const FIELD_OF_CONFLICT: Record<string, (typeof BRAND_FIELDS)[number]> = {
  BRAND_NAME_TAKEN: 'name',
  NEWSROOM_ADDRESS_TAKEN: 'newsroomSlug',
  NEWSROOM_ADDRESS_RETIRED: 'newsroomSlug',
};

export function formValuesOf(brand: Brand | null): BrandFormValues {
  return {
    name: brand?.name ?? '',
    nameAr: brand?.nameAr ?? '',
    senderName: brand?.senderName ?? '',
    senderNameAr: brand?.senderNameAr ?? '',
    newsroomSlug: brand?.newsroomSlug ?? '',
    newsroomEnabled: brand?.newsroomEnabled ?? true,
    boilerplate: brand?.boilerplate ?? '',
    boilerplateAr: brand?.boilerplateAr ?? '',
    contactName: brand?.contactName ?? '',
    contactEmail: brand?.contactEmail ?? '',
    contactPhone: brand?.contactPhone ?? '',
    language: brand?.language ?? 'english',
    clientApproval: brand?.clientApproval ?? false,
    forwardRepliesToClients: brand?.forwardRepliesToClients ?? false,
  };
}

export function inputOf(values: BrandFormOutput): BrandInput {
  return { ...values, newsroomSlug: values.newsroomSlug || null };
}

/** The form as its sections receive it. */
export type BrandForm = UseFormReturn<BrandFormValues, unknown, BrandFormOutput>;
