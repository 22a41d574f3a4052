import { LOGO_MAX_BYTES, LOGO_TYPES } from '../../../shared/brands';

/**
 * What the browser can tell about a chosen logo before sending it: its declared type (or, when the browser
 * gives none, its extension) and its size at once, then its bytes by the server's own rule
 * (shared/logo-content.ts: the dimensions of a PNG or JPEG, what an SVG holds). The server judges the
 * bytes again (422 LOGO_INVALID, LOGO_TOO_LARGE, LOGO_SVG_REFUSED).
 */
export type LogoProblem = 'type' | 'size' | 'pixels' | 'svg';

const EXTENSIONS: Record<string, (typeof LOGO_TYPES)[number]> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

export const LOGO_MAX_MB = LOGO_MAX_BYTES / (1024 * 1024);

/** The accept attribute of the file input. */
export const LOGO_ACCEPT = [...LOGO_TYPES, ...Object.keys(EXTENSIONS).map((ext) => `.${ext}`)].join(',');

export function logoProblem(file: { name: string; type: string; size: number }): LogoProblem | null {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const type = file.type || EXTENSIONS[extension] || '';
  if (!(LOGO_TYPES as readonly string[]).includes(type)) return 'type';
  if (file.size > LOGO_MAX_BYTES) return 'size';
  return null;
}

/** The file's bytes judged as the server judges them; the rule is loaded only when a logo is chosen. */
export async function logoContentProblem(file: Blob): Promise<LogoProblem | null> {
  const { judgeLogo } = await import('../../../shared/logo-content');
  const verdict = judgeLogo(new Uint8Array(await file.arrayBuffer()));
  return verdict.ok ? null : verdict.problem;
}
