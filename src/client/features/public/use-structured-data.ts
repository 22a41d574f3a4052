import { useContext, useEffect } from 'react';
import { HeadCollector } from '../../lib/document-title';

/**
 * Puts a JSON-LD block in <head> while the page is shown and removes it when leaving, so search engines
 * read the page's structured data and no stale block outlives its page in the single-page app. Rendered
 * ahead of time, the block is recorded for the static page's head instead.
 */
export function useStructuredData(id: string, data: Record<string, unknown>): void {
  const json = JSON.stringify(data);
  const collector = useContext(HeadCollector);
  if (collector && !collector.structuredData.some((block) => block.id === id)) collector.structuredData.push({ id, json });
  useEffect(() => {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.id = id;
    script.textContent = json;
    document.head.appendChild(script);
    return () => script.remove();
  }, [id, json]);
}
