/**
 * Wraps user-written text (a title, a name) that goes into a translated sentence in Unicode isolates
 * (FSI … PDI): a Latin title inside an Arabic sentence keeps its own direction and does not reorder
 * the words around it. Text shown on its own is isolated with `<bdi>` or `dir="auto"` instead.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
