import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ScrollRegion } from '../../ui/scroll-region';
import { TableHead } from '../../ui/table';

/** A part of the customer page: a titled card whose body says so in words when it has nothing to show. */
export function DeskSection({
  title,
  description,
  action,
  empty,
  emptyText,
  children,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title}>
      <Card>
        <CardHeader title={title} description={description} action={action} />
        <CardBody>{empty ? <p className="py-2 text-sm text-slate-500">{emptyText}</p> : children}</CardBody>
      </Card>
    </section>
  );
}

/** A table of the customer page, scrolling sideways on a narrow screen. */
export function DeskTable({ label, columns, children }: { label: string; columns: ReactNode[]; children: ReactNode }) {
  return (
    <ScrollRegion label={label}>
      <table className="w-full text-sm">
        <TableHead labels={columns} />
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

/** A cell padded like the header above it: at its end, the last one not at all. */
export function Cell({ children, last = false, className = '' }: { children: ReactNode; last?: boolean; className?: string }) {
  return <td className={`py-2 align-top ${last ? '' : 'pe-4'} ${className}`}>{children}</td>;
}
