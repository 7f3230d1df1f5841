"use client";
// The row of pills that picks which metric a chart shows (the daily chart,
// the report chart), with the chart as the selected tab's panel.
import type { ReactNode } from "react";
import { Tab, TabList, TabPanel, Tabs } from "@/components/ui/tabs";

export function MetricTabs({
  metrics,
  selected,
  onSelect,
  testIdPrefix,
  children,
}: {
  metrics: Array<{ id: string; title: string }>;
  selected: string;
  onSelect(id: string): void;
  testIdPrefix?: string;
  children: ReactNode;
}) {
  return (
    <Tabs value={selected} onValueChange={onSelect}>
      <TabList label="Chart metric" look="pills">
        {metrics.map((m) => (
          <Tab key={m.id} value={m.id} look="pills" data-testid={testIdPrefix ? `${testIdPrefix}${m.id}` : undefined}>
            {m.title}
          </Tab>
        ))}
      </TabList>
      <TabPanel value={selected}>{children}</TabPanel>
    </Tabs>
  );
}
