import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../lib/api';
import { translateMessage } from '../lib/i18n';
import { ErrorState, RowsSkeleton } from './feedback';

/**
 * What a part of a page shows while its answer is not there to draw: placeholder rows while it loads
 * (`loading` for another placeholder), what went wrong with Try again when it failed (`notFound` instead
 * when the server says there is no such thing), and `empty` when the answer has nothing (`isEmpty`).
 * Then `children` draws the answer. A page whose answer draws its own frame gives `frame` for the others:
 * it wraps the failed, not-found and empty states (`loading` comes whole, with a frame of its own if any).
 */
export function QueryState<T>({
  query,
  loading = <RowsSkeleton />,
  isEmpty,
  empty,
  notFound,
  frame = (state) => state,
  children,
}: {
  query: UseQueryResult<T>;
  loading?: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  notFound?: ReactNode;
  frame?: (state: ReactNode) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError && notFound && query.error instanceof ApiError && query.error.status === 404) return frame(notFound);
  if (query.isError) return frame(<ErrorState message={translateMessage(errorMessage(query.error))} onRetry={() => void query.refetch()} />);
  if (isEmpty?.(query.data)) return frame(empty);
  return children(query.data);
}

/** A page of a list answer that holds no item. */
export const noItems = (page: { items: readonly unknown[] }): boolean => page.items.length === 0;

/** A list answer (an array) that holds nothing. */
export const noEntries = (list: readonly unknown[]): boolean => list.length === 0;
