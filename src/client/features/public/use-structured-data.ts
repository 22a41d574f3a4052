import { useEffect } from 'react';

/**
 * Puts a JSON-LD block in <head> while the page is shown and removes it when leaving, so search engines
 * read the page's structured data and no stale block outlives its page in the single-page app.
 */
export function useStructuredData(id: string, data: Record<string, unknown>): void {
  const json = JSON.stringify(data);
  useEffect(() => {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.id = id;
    script.textContent = json;
    document.head.appendChild(script);
    return () => script.remove();
  }, [id, json]);
}
