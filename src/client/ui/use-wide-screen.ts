import { useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint: below it a table's rows become cards (a phone held upright is 360–430 px). */
const WIDE = '(min-width: 48rem)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * Whether the screen is wide enough for a table. Lists that are tables on a desktop render as cards below
 * it, so nothing is clipped or scrolls sideways on a phone, in either direction; one rendering at a time,
 * so each control exists once.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE).matches);
}
