import { useEffect } from 'react';

/** Sets the page title (and optionally the meta description) while a page is shown. */
export function useDocumentTitle(title: string, description?: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title.includes('Nashr') || title.includes('نشر') ? title : `${title} | Nashr`;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const previousDescription = meta?.content;
    if (meta && description) meta.content = description;
    return () => {
      document.title = previous;
      if (meta && previousDescription !== undefined) meta.content = previousDescription;
    };
  }, [title, description]);
}
