import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list of release content (PRODUCT.md §3 rich text): paragraphs, headings, bold, italic,
 * lists, line breaks and http(s) links. Everything else is dropped (scripts and styles with their
 * text); applied before storing and again before sending.
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a', 'br'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  // Links open outside the mail client; a link without a usable href is kept as plain text.
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { href: attribs.href ?? '' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href,
};

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, ALLOWED).trim();
}
