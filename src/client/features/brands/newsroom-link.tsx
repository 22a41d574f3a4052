import { ExternalLink } from 'lucide-react';
import { cn } from '../../ui/cn';

/** A newsroom's address as a link that opens it, without the scheme, cut at its end when too long. */
export function NewsroomLink({ url, className }: { url: string; className?: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      dir="ltr"
      className={cn(
        'inline-flex min-w-0 max-w-full items-center gap-1 text-brand-700 hover:underline',
        className,
      )}
    >
      <span className="truncate">{url.replace(/^https?:\/\//, '')}</span>
      <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
    </a>
  );
}
