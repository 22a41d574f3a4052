import { createContext, useContext, useEffect } from 'react';

/**
 * What a page puts in <head>, collected while it is rendered to HTML ahead of time (the public pages'
 * static copies, features/public/static-pages.tsx): there is no document to write to then, so the hooks
 * below record into this instead. In the browser no collector is provided and the hooks write the document.
 */
export type HeadRecord = {
  /** The site's address as pages link to it (the server puts its own public address in its place). */
  origin: string;
  title?: string;
  description?: string;
  structuredData: Array<{ id: string; json: string }>;
};
export const HeadCollector = createContext<HeadRecord | null>(null);

/** The title as the tab shows it: the product's name after the page's, unless the page already names it. */
export function fullTitle(title: string): string {
  return title.includes('Nashr') || title.includes('نشر') ? title : `${title} | Nashr`;
}

/** The site's own address, for canonical links and structured data. */
export function useSiteOrigin(): string {
  return useContext(HeadCollector)?.origin ?? window.location.origin;
}

/** Sets the page title (and optionally the meta description) while a page is shown. */
export function useDocumentTitle(title: string, description?: string): void {
  const collector = useContext(HeadCollector);
  if (collector) {
    collector.title = fullTitle(title);
    if (description) collector.description = description;
  }
  useEffect(() => {
    const previous = document.title;
    document.title = fullTitle(title);
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const previousDescription = meta?.content;
    if (meta && description) meta.content = description;
    return () => {
      document.title = previous;
      if (meta && previousDescription !== undefined) meta.content = previousDescription;
    };
  }, [title, description]);
}
