import type { ElementType, ReactNode } from 'react';
import { cn } from './cn';

/**
 * A value someone wrote (a title, a name, an outlet) or an address, shown on one line in a page of either
 * direction. It takes its own direction, so a Latin title on an Arabic screen starts at its own start
 * and the ellipsis falls at its own end: the reader keeps the beginning. Addresses (`address`) are always
 * left to right. The whole value is in `title` for whoever needs the rest. `wrap` lets it wrap instead.
 */
export function OwnText({
  children,
  address = false,
  wrap = false,
  as: Tag = 'span',
  className,
  title,
}: {
  children: ReactNode;
  address?: boolean;
  wrap?: boolean;
  as?: ElementType;
  className?: string;
  title?: string;
}) {
  return (
    <Tag
      dir={address ? 'ltr' : 'auto'}
      title={title ?? (typeof children === 'string' && !wrap ? children : undefined)}
      className={cn('block text-start', wrap ? 'break-words' : 'truncate', className)}
      data-own-text=""
    >
      {children}
    </Tag>
  );
}
