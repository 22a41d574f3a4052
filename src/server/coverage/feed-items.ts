import { parseFeed } from '@rowanmanning/feed-parser';
import { Readability } from '@mozilla/readability';
import { XMLParser } from 'fast-xml-parser';
import { parseHTML } from 'linkedom';

/**
 * An outlet's feed as articles: RSS and Atom through @rowanmanning/feed-parser, a news sitemap
 * (urlset with news:news entries) through fast-xml-parser; an article page's main text through
 * Mozilla's Readability on a linkedom document.
 */

export type FeedArticle = {
  url: string;
  title: string;
  publishedAt: Date | null;
  /** The text the feed carries (content, else summary): '' for a sitemap. */
  text: string;
};

export class MalformedFeedError extends Error {}

/** A feed item whose text is shorter than this is a summary: its page is fetched for the article. */
export const SUMMARY_MAX_CHARS = 600;
/** The newest items of a feed that are read; a feed lists what is recent, and 5 MB could hold 50,000. */
export const FEED_ITEMS_READ = 1000;
/** An address longer than this is no article's (and would not fit the index of addresses). */
const URL_MAX = 2000;

/** PostgreSQL text cannot hold NUL, and no other control character belongs in a headline or an article. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const printable = (text: string) => text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');

const BLOCK_END = /<\/(p|div|h[1-6]|li|blockquote|tr|section|article)>|<br\s*\/?>/gi;

/** The text of an HTML fragment, a line per block (sentences do not run into each other). */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return printable(html).trim();
  const { document } = parseHTML(`<!doctype html><html><body>${html.replace(BLOCK_END, '$&\n')}</body></html>`);
  return printable(document.body.textContent ?? '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*/g, '\n')
    .trim();
}

/** A date a feed gave, unless it was unreadable. */
const validDate = (date: Date | null | undefined): Date | null => (date && !Number.isNaN(date.getTime()) ? date : null);

function absolute(url: string | null | undefined, base: string): string | null {
  if (!url) return null;
  try {
    const resolved = new URL(url, base);
    const address = resolved.toString();
    return (resolved.protocol === 'http:' || resolved.protocol === 'https:') && address.length <= URL_MAX ? address : null;
  } catch {
    return null;
  }
}

const sitemapParser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, processEntities: true, htmlEntities: true });

type SitemapUrl = { loc?: unknown; news?: { title?: unknown; publication_date?: unknown } };

function sitemapArticles(xml: string, base: string): FeedArticle[] | null {
  if (!/<urlset[\s>]/.test(xml.slice(0, 2000))) return null;
  const parsed = sitemapParser.parse(xml) as { urlset?: { url?: SitemapUrl | SitemapUrl[] } };
  const entries = parsed.urlset?.url;
  const list = entries === undefined ? [] : Array.isArray(entries) ? entries : [entries];
  return list.flatMap((entry) => {
    const url = absolute(typeof entry.loc === 'string' ? entry.loc.trim() : null, base);
    if (!url) return [];
    const published = entry.news?.publication_date ? validDate(new Date(String(entry.news.publication_date))) : null;
    return [
      {
        url,
        title: printable(String(entry.news?.title ?? '')).trim(),
        publishedAt: published,
        text: '',
      },
    ];
  });
}

/** The newest items first (undated ones last), at most FEED_ITEMS_READ. */
function newest(articles: FeedArticle[]): FeedArticle[] {
  return articles
    .map((article, order) => ({ article, order }))
    .sort((a, b) => (b.article.publishedAt?.getTime() ?? -Infinity) - (a.article.publishedAt?.getTime() ?? -Infinity) || a.order - b.order)
    .slice(0, FEED_ITEMS_READ)
    .map(({ article }) => article);
}

/** The articles of a feed body, newest first; MalformedFeedError when it is neither a feed nor a news sitemap. */
export function readFeed(body: string, feedUrl: string): { articles: FeedArticle[]; itemCount: number } {
  const all = allArticles(body, feedUrl);
  return { articles: newest(all), itemCount: all.length };
}

function allArticles(body: string, feedUrl: string): FeedArticle[] {
  const fromSitemap = sitemapArticles(body, feedUrl);
  if (fromSitemap) return fromSitemap;
  let feed: ReturnType<typeof parseFeed>;
  try {
    feed = parseFeed(body);
  } catch (error) {
    throw new MalformedFeedError(error instanceof Error ? error.message : 'not a feed');
  }
  return feed.items.flatMap((item) => {
    const url = absolute(item.url ?? item.id, feedUrl);
    if (!url) return [];
    return [
      {
        url,
        title: htmlToText(item.title ?? ''),
        publishedAt: validDate(item.published ?? item.updated),
        text: htmlToText(item.content ?? item.description ?? ''),
      },
    ];
  });
}

/** The main text, headline, site name and publication time of an article page; null when it has no text to find. */
export function articleText(html: string): { title: string; text: string; siteName: string | null; publishedAt: Date | null } | null {
  const { document } = parseHTML(html);
  const article = new Readability(document as unknown as Document, { charThreshold: 200 }).parse();
  if (!article?.content) return null;
  const text = htmlToText(article.content);
  if (!text) return null;
  const published = article.publishedTime ? validDate(new Date(article.publishedTime)) : null;
  return {
    title: printable(article.title ?? '').trim(),
    text,
    siteName: printable(article.siteName ?? '').trim().slice(0, 200) || null,
    publishedAt: published,
  };
}
