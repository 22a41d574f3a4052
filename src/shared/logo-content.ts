import { imageSize } from 'image-size';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { kindOf } from './attachment-signature.js';
import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS, type LogoType } from './brands.js';

/**
 * What a brand's logo may be, judged by its bytes (issue 35), the same way by the server (which refuses it)
 * and by the browser (which says so before sending it). Newsrooms, web versions and every journalist's
 * e-mail show the logo, so:
 * - PNG and JPEG by their magic bytes, with dimensions read from the image's own header (image-size), at
 *   most LOGO_MAX_PIXELS a side (a 12000 × 12000 PNG can weigh 137 KB; the server scales what is larger
 *   than LOGO_STORED_PIXELS down);
 * - SVG parsed by an XML parser (saxes) and held to an allow-list: SVG elements that draw (shapes, text,
 *   gradients, clips, masks, patterns, simple filters), their geometry and presentation attributes, and a
 *   style attribute of presentation properties. Anything else is refused, among it everything that runs,
 *   fetches or navigates: script, style sheets, animation (animate/set can rewrite an href), links,
 *   images, foreignObject, elements of XHTML or any other language (a meta refresh), processing
 *   instructions, a DOCTYPE (entities), CDATA, references outside the image, and CSS escapes, comments or
 *   functions other than url(#id) and colours in any value.
 */

export type LogoVerdict =
  | { ok: true; type: LogoType; width: number | null; height: number | null }
  /** `type`: not an image we take; `pixels`: larger than LOGO_MAX_PIXELS a side; `svg`: an SVG holding what a logo may not. */
  | { ok: false; problem: 'size' | 'type' | 'pixels' | 'svg'; reason?: string };

export function judgeLogo(content: Uint8Array): LogoVerdict {
  if (content.length === 0 || content.length > LOGO_MAX_BYTES) return { ok: false, problem: 'size' };
  const kind = kindOf(content);
  if (kind === 'png' || kind === 'jpeg') {
    let size: { width?: number; height?: number; type?: string };
    try {
      size = imageSize(content);
    } catch {
      return { ok: false, problem: 'type', reason: 'unreadable image header' };
    }
    const expected = kind === 'png' ? 'png' : 'jpg';
    if (size.type !== expected || !size.width || !size.height) return { ok: false, problem: 'type', reason: 'unreadable image header' };
    if (size.width > LOGO_MAX_PIXELS || size.height > LOGO_MAX_PIXELS) return { ok: false, problem: 'pixels' };
    return { ok: true, type: kind === 'png' ? 'image/png' : 'image/jpeg', width: size.width, height: size.height };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return { ok: false, problem: 'type' };
  }
  // Only a document that means to be an SVG is judged as one; anything else is not an image we take.
  if (!/^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>\s*|<\?[^>]*\?>\s*)*<(?:[\w.-]+:)?svg[\s>/]/.test(text.slice(0, 4096)))
    return { ok: false, problem: 'type' };
  const reason = svgProblem(text);
  return reason ? { ok: false, problem: 'svg', reason } : { ok: true, type: 'image/svg+xml', width: null, height: null };
}

const SVG = 'http://www.w3.org/2000/svg';
const XLINK = 'http://www.w3.org/1999/xlink';
const XML = 'http://www.w3.org/XML/1998/namespace';
const XMLNS = 'http://www.w3.org/2000/xmlns/';
/** Editors' bookkeeping (Inkscape, Sodipodi, RDF metadata): no browser gives these elements any meaning. */
const INERT_NAMESPACES = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://purl.org/dc/elements/1.1/',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
  'http://ns.adobe.com/AdobeIllustrator/10.0/',
]);
const DECLARABLE_NAMESPACES = new Set([SVG, XLINK, ...INERT_NAMESPACES]);

/** SVG elements that only draw. */
const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'metadata',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern', 'marker',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feFuncR', 'feFuncG', 'feFuncB', 'feFuncA',
  'feComposite', 'feDropShadow', 'feFlood', 'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset',
]);
/** Elements whose href may name another part of the image (#id), and nothing else. */
const REFERRING = new Set(['use', 'textPath', 'linearGradient', 'radialGradient', 'pattern', 'filter']);

/** Presentation properties: as attributes, and as declarations of a style attribute. */
const PROPERTIES = new Set([
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity', 'color',
  'stop-color', 'stop-opacity', 'clip-path', 'clip-rule', 'mask', 'filter', 'flood-color', 'flood-opacity',
  'lighting-color', 'marker', 'marker-start', 'marker-mid', 'marker-end', 'display', 'visibility', 'overflow',
  'font', 'font-family', 'font-size', 'font-size-adjust', 'font-weight', 'font-style', 'font-variant',
  'font-stretch', 'line-height', 'text-anchor', 'text-decoration', 'dominant-baseline', 'alignment-baseline',
  'baseline-shift', 'letter-spacing', 'word-spacing', 'writing-mode', 'direction', 'unicode-bidi',
  'paint-order', 'vector-effect', 'shape-rendering', 'text-rendering', 'image-rendering', 'color-interpolation',
  'color-interpolation-filters', 'color-rendering', 'mix-blend-mode', 'isolation', 'enable-background',
  '-inkscape-font-specification',
]);
/** Geometry and structure attributes of the elements above. */
const ATTRIBUTES = new Set([
  ...PROPERTIES,
  'id', 'class', 'lang', 'version', 'baseProfile', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2',
  'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'd', 'points', 'pathLength', 'viewBox',
  'preserveAspectRatio', 'transform', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'offset',
  'patternUnits', 'patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits',
  'markerWidth', 'markerHeight', 'markerUnits', 'refX', 'refY', 'orient', 'dx', 'dy', 'rotate',
  'textLength', 'lengthAdjust', 'startOffset', 'method', 'spacing', 'side', 'filterUnits', 'primitiveUnits',
  'in', 'in2', 'result', 'stdDeviation', 'mode', 'type', 'values', 'operator', 'k1', 'k2', 'k3', 'k4',
  'radius', 'tableValues', 'slope', 'intercept', 'amplitude', 'exponent', 'style',
]);
const TRANSFORMS = new Set(['transform', 'gradientTransform', 'patternTransform']);

const PAREN_FREE = /[()]/;
const LOCAL_URL = /url\(\s*(['"]?)#[A-Za-z_][\w.-]*\1\s*\)/gi;
const COLOUR_FUNCTION = /\b(?:rgba?|hsla?)\(\s*[\d\s.,%+/-]*\)/gi;
const TRANSFORM_FUNCTION = /\b(?:matrix|translate|scale|rotate|skewX|skewY)\(\s*[\d\s.,eE+-]*\)/g;

/**
 * Why a value (of an attribute, or of a style declaration) could fetch or hide something: a CSS escape or
 * comment, an at-rule, a scheme, or a function other than url(#id), a colour and, in a transform, the
 * transform functions. Null when it cannot.
 */
function valueProblem(name: string, value: string): string | null {
  if (/[\\@<>`]|\/\*/.test(value)) return `${name}: escape, comment or at-rule`;
  if (/:/.test(value)) return `${name}: a scheme or declaration`;
  let rest = value.replace(LOCAL_URL, '').replace(COLOUR_FUNCTION, '');
  if (TRANSFORMS.has(name)) rest = rest.replace(TRANSFORM_FUNCTION, '');
  if (PAREN_FREE.test(rest)) return `${name}: a function other than url(#id) or a colour`;
  return null;
}

/** A style attribute: declarations of presentation properties with plain values, nothing else. */
function styleProblem(style: string): string | null {
  for (const declaration of style.split(';')) {
    if (!declaration.trim()) continue;
    const match = /^\s*([A-Za-z-]+)\s*:\s*([^]*?)\s*$/.exec(declaration);
    if (!match) return 'style: not a declaration';
    const [, property, value] = match;
    if (!PROPERTIES.has(property.toLowerCase())) return `style: property ${property}`;
    const problem = valueProblem(property.toLowerCase(), value.replace(/!important$/i, ''));
    if (problem) return `style: ${problem}`;
  }
  return null;
}

function tagProblem(tag: SaxesTagNS, depth: number): string | null {
  const inert = INERT_NAMESPACES.has(tag.uri);
  if (depth === 0 && (tag.uri !== SVG || tag.local !== 'svg')) return 'the root is not an SVG <svg>';
  if (!inert && (tag.uri !== SVG || !ELEMENTS.has(tag.local))) return `element ${tag.name}`;
  for (const attribute of Object.values(tag.attributes)) {
    const { uri, local, value, name } = attribute;
    if (uri === XMLNS) {
      if (!DECLARABLE_NAMESPACES.has(value)) return `namespace ${value}`;
    } else if (INERT_NAMESPACES.has(uri)) {
      // An editor's note on the element: no browser reads it.
    } else if (uri === XML) {
      if (local !== 'space' && local !== 'lang') return `attribute ${name}`;
      if (valueProblem(name, value)) return `attribute ${name}`;
    } else if (local === 'href' && (uri === '' || uri === XLINK)) {
      if (inert || !REFERRING.has(tag.local) || !/^#[A-Za-z_][\w.-]*$/.test(value.trim())) return `${tag.local} ${name}="${value}"`;
    } else if (uri === XLINK) {
      if (local !== 'title') return `attribute ${name}`;
    } else if (inert && uri === '') {
      // An inert element's own attributes mean nothing to a browser; still no handler or script address.
      // eslint-disable-next-line no-control-regex -- browsers skip control characters inside a scheme
      if (/^on/i.test(local) || /(?:java|vb)script:/i.test(value.replace(/[\s\u0000-\u001f]+/g, ''))) return `attribute ${name} on ${tag.name}`;
    } else if (uri !== '' || inert || !ATTRIBUTES.has(local)) {
      return `attribute ${name} on ${tag.local}`;
    } else {
      const problem = local === 'style' ? styleProblem(value) : valueProblem(local, value);
      if (problem) return problem;
    }
  }
  return null;
}

/** Why this SVG may not be a logo (the first thing found), or null when it may. */
export function svgProblem(text: string): string | null {
  let problem: string | null = null;
  let depth = 0;
  let roots = 0;
  const parser = new SaxesParser({ xmlns: true });
  const refuse = (why: string) => {
    problem ??= why;
  };
  parser.on('doctype', () => refuse('a DOCTYPE'));
  parser.on('processinginstruction', (pi) => refuse(`processing instruction ${pi.target}`));
  parser.on('cdata', () => refuse('CDATA'));
  parser.on('opentag', (tag) => {
    if (depth === 0) roots++;
    const why = tagProblem(tag as SaxesTagNS, depth);
    if (why) refuse(why);
    if (!tag.isSelfClosing) depth++;
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) depth--;
  });
  parser.on('error', (error) => {
    refuse(`not well-formed XML: ${error.message}`);
    throw error;
  });
  try {
    parser.write(text.replace(/^\uFEFF/, '')).close();
  } catch {
    // The error handler named the problem.
  }
  if (!problem && roots !== 1) refuse('not one root element');
  return problem;
}
