"use client";
// Tabs on Radix: arrow keys move between the tabs (Home and End to the ends),
// the selected tab's panel is labelled by it, and only that panel is
// rendered. Two looks: `underline` for a dialog's sections, `pills` for the
// metric a chart shows.
import * as RadixTabs from "@radix-ui/react-tabs";
import type { ComponentProps, ReactNode } from "react";

type Look = "underline" | "pills";

const LIST_CLASS: Record<Look, string> = {
  underline: "mb-4 flex gap-2 border-b border-slate-200",
  pills: "mb-3 flex flex-wrap gap-2",
};

const TAB_CLASS: Record<Look, string> = {
  underline:
    "border-b-2 px-3 py-2 text-sm font-medium data-[state=active]:border-primary data-[state=active]:text-primary data-[state=inactive]:border-transparent data-[state=inactive]:text-slate-600 data-[state=inactive]:hover:text-slate-900",
  pills:
    "rounded-full border px-3 py-1 text-xs font-medium data-[state=active]:border-primary data-[state=active]:bg-accent data-[state=active]:text-accent-foreground data-[state=inactive]:border-slate-200 data-[state=inactive]:text-slate-600 data-[state=inactive]:hover:bg-slate-50",
};

export const Tabs = RadixTabs.Root;
export const TabPanel = RadixTabs.Content;

export function TabList({ label, look = "underline", children }: { label: string; look?: Look; children: ReactNode }) {
  return (
    <RadixTabs.List aria-label={label} className={LIST_CLASS[look]}>
      {children}
    </RadixTabs.List>
  );
}

export function Tab({ look = "underline", ...props }: Omit<ComponentProps<typeof RadixTabs.Trigger>, "className"> & { look?: Look }) {
  return <RadixTabs.Trigger {...props} className={TAB_CLASS[look]} />;
}
