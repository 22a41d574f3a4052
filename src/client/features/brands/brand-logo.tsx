import { Building2 } from 'lucide-react';
import { cn } from '../../ui/cn';

const SIZES = { sm: 'h-10 w-10', lg: 'h-16 w-16' };

/** A brand's logo on a light tile, or a placeholder when it has none. The name is the image's text. */
export function BrandLogo({
  url,
  name,
  size = 'sm',
}: {
  url: string | null;
  name: string;
  size?: keyof typeof SIZES;
}) {
  return (
    <span
      className={cn(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-white',
        SIZES[size],
      )}
    >
      {url ? (
        <img src={url} alt={name} className="max-h-full max-w-full object-contain" data-testid="brand-logo" />
      ) : (
        <Building2 className="h-1/2 w-1/2 text-slate-300" aria-hidden />
      )}
    </span>
  );
}
