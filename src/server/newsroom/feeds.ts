import { Feed } from 'feed';
import type { ReleaseLanguage } from '../../shared/releases.js';
import { releaseWebPath } from '../../shared/release-address.js';
import { sanitizeContent } from '../content/content-sanitizer.js';
import type { PublishedRelease } from './newsroom.service.js';
import { brandNameIn } from '../brands/brand-voice.js';

/**
 * Atom feeds of sent releases in one language (issue 13), with the full text: a brand's newsroom or
 * the whole wire. A release appears in the feed of each language it is written in. Built with `feed`.
 */
export function atomFeed(options: {
  title: string;
  selfUrl: string;
  pageUrl: string;
  language: ReleaseLanguage;
  releases: PublishedRelease[];
  publicUrl: string;
}): string {
  const lang = options.language === 'arabic' ? 'ar' : 'en';
  const inLanguage = options.releases.flatMap((release) => {
    const version = release.versions.find((v) => v.language === options.language);
    return version ? [{ release, version }] : [];
  });
  const feed = new Feed({
    title: options.title,
    id: options.selfUrl,
    link: options.pageUrl,
    language: lang,
    updated: inLanguage[0]?.release.publishedAt ?? new Date(0),
    generator: 'Nashr',
    feedLinks: { atom: options.selfUrl },
    copyright: options.title,
  });
  for (const { release, version } of inLanguage) {
    const url = `${options.publicUrl}${releaseWebPath(release.slug)}${release.versions.length > 1 ? `?lang=${lang}` : ''}`;
    feed.addItem({
      title: version.title,
      id: url,
      link: url,
      description: version.subtitle || undefined,
      content: sanitizeContent(version.content),
      date: release.publishedAt,
      // The brand speaks: its name as the feed's language reads it.
      author: [{ name: brandNameIn(release.brand, options.language) }],
    });
  }
  return feed.atom1();
}
