import { cn } from '../../ui/cn';

/** The content editor's frame and writing area, shared by TipTap's editor and the box shown while it loads. */
export const richTextFrameClass = (invalid?: boolean) =>
  cn('rounded-md border bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand-500', invalid ? 'border-red-500' : 'border-slate-300');

export const RICH_TEXT_AREA_CLASS = 'release-content min-h-56 px-3 py-2 text-sm';
