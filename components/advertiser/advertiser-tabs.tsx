"use client";
// The advertiser details tab strip (business.md 2). Each tab is a route, so a
// tab can be linked to and survives a reload; the active one follows the URL.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { ADVERTISER_TABS, type AdvertiserTabKey } from "@/lib/advertisers/tabs";

export function AdvertiserTabs({ advertiserId, tabs }: { advertiserId: number; tabs: AdvertiserTabKey[] }) {
  const pathname = usePathname();
  const base = `/advertiser/details/${advertiserId}`;
  const current = pathname.startsWith(base) ? pathname.slice(base.length).split("/")[1] ?? "" : "";
  return (
    <nav aria-label="Advertiser sections" className="overflow-x-auto border-b border-slate-200">
      <ul className="flex min-w-max gap-1">
        {ADVERTISER_TABS.filter((t) => tabs.includes(t.key)).map((tab) => {
          const active = tab.segment === current;
          return (
            <li key={tab.key}>
              <Link
                href={tab.segment ? `${base}/${tab.segment}` : base}
                aria-current={active ? "page" : undefined}
                data-testid={`tab-${tab.key}`}
                className={`inline-block border-b-2 px-3 py-2 text-xs font-semibold tracking-wide transition ${
                  active ? "border-primary text-primary" : "border-transparent text-slate-600 hover:text-slate-800"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
