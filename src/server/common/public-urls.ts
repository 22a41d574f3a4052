/**
 * Public addresses several features write (the newsroom, the release e-mail, the web version, the releases list),
 * so that none of them imports another's service for an address.
 */

/** A brand's newsroom: `/newsroom/{slug}` under PUBLIC_URL. */
export const newsroomUrl = (publicUrl: string, slug: string) => `${publicUrl}/newsroom/${slug}`;
