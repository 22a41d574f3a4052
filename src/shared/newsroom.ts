import { z } from 'zod';
import { releaseLanguages } from './releases.js';

/**
 * A company's public newsroom (issue 13): its sent releases on /newsroom/{slug}, feeds per language,
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

/** PATCH /api/newsroom/settings */
export const newsroomSettingsSchema = z.object({
  enabled: z.boolean({ message: 'enabled must be true or false' }),
});

/** GET /api/newsroom/settings: the signed-in customer's newsroom. */
export type NewsroomSettings = {
  enabled: boolean;
  /** Absolute addresses; the slug is given at the first release that goes out. */
  url: string | null;
  feeds: { english: string; arabic: string } | null;
  /** Confirmed followers who have not unsubscribed. */
  followers: number;
};
