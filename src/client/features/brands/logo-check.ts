import { LOGO_MAX_BYTES, LOGO_TYPES } from '../../../shared/brands';

/**
 * What the browser can tell about a chosen logo before sending it: its declared type (or, when the browser
 * gives none, its extension) and its size. The server checks the bytes themselves (422 LOGO_INVALID).
 */
export type LogoProblem = 'type' | 'size';

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
