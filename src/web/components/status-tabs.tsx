import type { ReactNode } from 'react';
import { Tabs } from 'radix-ui';

interface StatusTabsProps<T extends string> {
  /** The tab list's accessible name ('Task status'). */
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onValueChange: (value: T) => void;
  /** The panel of one tab; rendered for each tab, Radix shows the selected one. */
  children: (tab: T) => ReactNode;
}

/** The status tab bar of the Tasks and Activity Signups lists (Radix Tabs: arrow keys move between tabs). */
export function StatusTabs<T extends string>({
  label,
  tabs,
  value,
  onValueChange,
  children,
}: StatusTabsProps<T>) {
  return (
    <Tabs.Root
      value={value}
      // Radix hands back a plain string: map it to one of our tabs (unknown values keep the current one).
      onValueChange={(v) => onValueChange(tabs.find((t) => t.value === v)?.value ?? value)}
    >
      <Tabs.List aria-label={label} className="inline-flex rounded-lg bg-slate-200/70 p-1">
        {tabs.map((t) => (
          <Tabs.Trigger
            key={t.value}
            value={t.value}
            className="min-h-9 rounded-md px-4 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
          >
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Content key={t.value} value={t.value} className="mt-4 focus:outline-none">
          {children(t.value)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
