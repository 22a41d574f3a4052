import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { Card } from './card';

/** A settings section that leads to a page of its own: an icon, a title (the section's heading) and a line. */
export function LinkCard({
  to,
  id,
  icon,
  title,
  text,
}: {
  to: string;
  id: string;
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
}) {
  return (
    <section className="mt-6" aria-labelledby={id}>
      <Card>
        <Link to={to} className="flex items-center gap-3 px-6 py-4 hover:bg-slate-50">
          {icon}
          <span className="flex-1">
            <span id={id} className="block text-lg font-semibold text-slate-900">
              {title}
            </span>
            <span className="block text-sm text-slate-500">{text}</span>
          </span>
          <ChevronRight className="flip-rtl h-5 w-5 text-slate-400" aria-hidden />
        </Link>
      </Card>
    </section>
  );
}
