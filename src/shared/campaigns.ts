import { z } from 'zod';
import type { Contact } from './contacts.js';
import { pageParam, pageSizeParam } from './paging.js';
import { brandIdFilter } from './brands.js';
import type { ReleaseLanguage } from './releases.js';

/**
 * A campaign is one send of a press release (SPEC §3, §7): who it went to and how far it got. A release
 * is sent once, so its campaign carries the release's id. Recipients are paged apart
 * (GET /api/campaigns/{id}/contacts): a campaign can hold 100,000 of them.
 */
export type CampaignStatus = 'pending' | 'sending' | 'completed';

export type Campaign = {
  id: string;
  pressReleaseId: string;
  title: string;
  status: CampaignStatus;
  recipients: number;
  /** Handed to the relay and answered (accepted or refused). */
  sentCount: number;
  /** Accepted and not bounced later. */
  deliveredCount: number;
  /** Recipients who opened or clicked. */
  openedCount: number;
  createdAt: string;
  completedAt: string | null;
};

export type CampaignPage = { items: Campaign[]; total: number; page: number; pageSize: number };

export const campaignsQuerySchema = z.object({
  page: pageParam(100_000),
  pageSize: pageSizeParam(20, 100),
  /** Only this brand's campaigns (issue 28). */
  brandId: brandIdFilter,
});

/** The contacts of a campaign or of the user's lists, as every contact view shows them (masked unless allowed). */
export type ContactsPage = { items: Contact[]; total: number; page: number; pageSize: number };
export const contactsPageQuerySchema = z.object({
  page: pageParam(100_000),
  pageSize: pageSizeParam(50, 200),
});

export const activityTypes = [
  'delivered',
  'opened',
  'clicked',
  'downloaded',
  'bounced',
  'unsubscribed',
] as const;
export type ActivityType = (typeof activityTypes)[number];

/** One thing that happened to a recent campaign: the journalist named as the media database names them. */
export type ActivityItem = {
  type: ActivityType;
  at: string;
  releaseId: string;
  releaseTitle: string;
  /** The release's language and its second version's title, so a reader gets the title in their language. */
  releaseLanguage: ReleaseLanguage;
  releaseTranslationTitle: string | null;
  name: string;
  outlet: string;
};

export type RecentActivity = { items: ActivityItem[]; live: boolean };
