import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

export type PageTab<V extends string> = { value: V; label: ReactNode; rightSection?: ReactNode; panel: ReactNode };

type PageTabsProps<V extends string> = {
  tabs: readonly PageTab<V>[];
  value: V;
  /** Called with the chosen tab (a value not among the tabs falls back to the first). */
  onChange: (value: V) => void;
};

/**
 * The one tabbed page body (decision 047): a tab per section, its panel below, only the open
 * panel mounted (each panel fetches its data when it is opened).
 */
export function PageTabs<V extends string>({ tabs, value, onChange }: PageTabsProps<V>) {
  return (
    <Tabs value={value} onChange={(next) => onChange(tabs.find((tab) => tab.value === next)?.value ?? tabs[0]!.value)} keepMounted={false}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} rightSection={tab.rightSection}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          {tab.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
