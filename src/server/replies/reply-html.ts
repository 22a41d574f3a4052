import sanitizeHtml from 'sanitize-html';

/**
 * A reply's HTML as it may be forwarded and shown: text, its structure and http(s) links; no images
 * (a remote image would tell the sender when the media contact read it, an embedded one is forwarded as
 * a file), no styles, scripts, forms or frames.
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'div', 'span', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'table', 'tbody', 'tr', 'td', 'th', 'hr'],
  allowedAttributes: { a: ['href'], '*': ['dir'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'title', 'head'],
};

export const sanitizeReplyHtml = (html: string): string => sanitizeHtml(html, ALLOWED).trim();
