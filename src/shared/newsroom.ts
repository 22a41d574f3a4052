import type { BrandId } from './ids.js';
import { z } from 'zod';
import { brandIdField } from './id-fields.js';
import { releaseLanguages } from './releases.js';

/**
 * A brand's public newsroom (issue 13, decision 022): its sent releases on /newsroom/{slug}, feeds per language,
 * and people following it by email (double opt-in).
 */

export const FOLLOW_MESSAGES = {
  email: 'Enter a valid email address',
  language: 'Language must be english or arabic',
  sent: 'Check your inbox: we sent a link to confirm that you want to follow this newsroom.',
} as const;

/** POST /api/newsroom/{companySlug}/subscribe */
export const followSchema = z.object({
  email: z
    .string({ message: FOLLOW_MESSAGES.email })
    .trim()
    .toLowerCase()
    .max(254, { message: FOLLOW_MESSAGES.email })
    .email({ message: FOLLOW_MESSAGES.email }),
  language: z.enum(releaseLanguages, { message: FOLLOW_MESSAGES.language }).default('english'),
});
export type FollowInput = z.input<typeof followSchema>;

/** Which brand's newsroom: the workspace's first brand when absent (decision 022). */

/** GET /api/newsroom/settings?brandId= */
export const newsroomSettingsQuerySchema = z.object({ brandId: brandIdField().optional() });

/** PATCH /api/newsroom/settings */
export const newsroomSettingsSchema = z.object({
  enabled: z.boolean({ message: 'enabled must be true or false' }),
  brandId: brandIdField().optional(),
});

/** GET /api/newsroom/settings: the newsroom of one of the signed-in customer's brands. */
export type NewsroomSettings = {
  brandId: BrandId;
  enabled: boolean;
  /** Absolute addresses; the slug is given at the first release that goes out. */
  url: string | null;
  feeds: { english: string; arabic: string } | null;
  /** Confirmed followers who have not unsubscribed. */
  followers: number;
};
