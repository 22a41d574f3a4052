/**
 * A person's name for a thing (a brand's, in any script) as part of a file name every system accepts:
 * letters and digits of any script kept, what Windows, macOS or Linux refuse ( < > : " / \ | ? * and
 * controls) and direction controls dropped, spaces as hyphens, at most 60 characters.
 */
const REFUSED = /[<>:"/\\|?*\p{Cc}\p{Cf}'()]/gu;

export function fileNamePart(name: string, fallback: string): string {
  const part = name
    .normalize('NFC')
    .replace(REFUSED, ' ')
    .trim()
    .replace(/[\s.]+/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return [...part].slice(0, 60).join('').replace(/-+$/, '') || fallback;
}
