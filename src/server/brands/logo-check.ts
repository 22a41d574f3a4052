import { Parser } from 'htmlparser2';
import { kindOf } from '../../shared/attachment-signature.js';
import { LOGO_MAX_BYTES, type LogoType } from '../../shared/brands.js';

/**
 * A brand's logo is shown on public pages, web versions and emails, so it is judged by its content, never
 * by its name or the type the browser claimed: PNG and JPEG by their magic bytes, SVG as XML whose root is
 * <svg> and which holds nothing that runs or fetches (scripts, event handlers, javascript: addresses,
 * foreign objects, references outside the image). Answers the type to serve it with, or null.
 */
export function logoTypeOf(content: Uint8Array): LogoType | null {
  if (content.length === 0 || content.length > LOGO_MAX_BYTES) return null;
  const kind = kindOf(content);
  if (kind === 'png') return 'image/png';
  if (kind === 'jpeg') return 'image/jpeg';
  return isSafeSvg(content) ? 'image/svg+xml' : null;
}

/** Elements that run code or embed other documents. */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
]);
/** Attributes that name another resource: only a fragment of the image itself (#id) is allowed. */
const REFERENCE_ATTRIBUTES = new Set(['href', 'src']);

/** An XML declaration and comments may come before the root; a DOCTYPE (entities) may not. */
const SVG_START = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>/]/;

const localName = (name: string) => name.toLowerCase().replace(/^.*:/, '');
/** Browsers ignore whitespace and control characters inside a scheme ("java\tscript:"). */
const squeezed = (value: string) =>
  [...value]
    .filter((char) => char.charCodeAt(0) > 0x20)
    .join('')
    .toLowerCase();
/** A CSS url() that points outside the image (url(#gradient) stays inside). */
const externalUrl = (value: string) =>
  /url\(\s*['"]?(?!#)/.test(squeezed(value)) || squeezed(value).includes('@import');

function isSafeSvg(content: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return false;
  }
  if (!SVG_START.test(text) || /<!(?:DOCTYPE|ENTITY)/i.test(text)) return false;
  let safe = true;
  let root: string | undefined;
  let inStyle = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const element = localName(name);
        root ??= element;
        if (FORBIDDEN_ELEMENTS.has(element)) safe = false;
        inStyle = element === 'style';
        for (const [attribute, value] of Object.entries(attributes)) {
          const local = localName(attribute);
          const plain = squeezed(value);
          if (local.startsWith('on')) safe = false;
          if (plain.includes('javascript:') || plain.includes('vbscript:')) safe = false;
          if (REFERENCE_ATTRIBUTES.has(local) && !value.trim().startsWith('#')) safe = false;
          if (externalUrl(value)) safe = false;
        }
      },
      onclosetag() {
        inStyle = false;
      },
      ontext(data) {
        if (inStyle && (externalUrl(data) || squeezed(data).includes('javascript:'))) safe = false;
      },
      oncdatastart() {
        // Character data only ever carries a script or a style sheet; neither is needed in a logo.
        safe = false;
      },
      onprocessinginstruction(name) {
        if (name.toLowerCase() !== '?xml') safe = false;
      },
    },
    { xmlMode: true, recognizeCDATA: true },
  );
  parser.write(text);
  parser.end();
  return safe && root === 'svg';
}
