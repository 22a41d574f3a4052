import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as Tabs from '@radix-ui/react-tabs';

export type PageTab<T extends string = string> = { value: T; label: string; content: ReactNode; className?: string };

const TAB_CLASS =
  'whitespace-nowrap rounded-md px-4 py-2 text-sm font-medium text-slate-600 hover:bg-white/60 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm';

/** A page's parts as tabs (the console's): one bar of triggers, in the page's direction, and the open part below. */
export function PageTabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: readonly PageTab<T>[];
  value: T;
  onChange: (value: string) => void;
}) {
  const { i18n } = useTranslation();
  return (
    <Tabs.Root value={value} onValueChange={onChange} dir={i18n.dir()} className="space-y-6">
      <Tabs.List aria-label={label} className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 sm:flex">
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} className={TAB_CLASS}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className={tab.className}>
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/**
 * The open tab is in the address (?tab=), so another page can link to one, e.g. a customer's release to its
 * delivery log; a tab's own filters ride along and are dropped when another tab is chosen. An unknown or
 * missing tab is the first.
 */
export function useTabParam<T extends string>(values: readonly T[]): [T, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = values.find((value) => value === asked) ?? values[0];
  return [tab, (value: string) => setParams({ tab: value }, { replace: true })];
}
