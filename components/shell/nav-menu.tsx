"use client";
// Desktop navigation menu (shell.md 2.6): one entry per group; a group with
// routes opens a flyout with its links, recent items and search.
import { useCallback, useState } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { Role } from "@/lib/auth/roles";
import { useEntityCatalog } from "@/components/entities/entity-catalog";
import { menuGroups, type MenuGroup } from "./menu-config";
import { MenuGroupPanel } from "./menu-group-panel";
import { useMenuData } from "./menu-data";
import { Popover } from "@/components/ui/popover";
import { NavIcon } from "./nav-icons";

const ENTRY =
  "flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium transition";

function entryClass(active: boolean, open = false) {
  return (
    ENTRY +
    " " +
    (active || open
      ? "bg-sidebar-active text-sidebar-active-foreground"
      : "text-sidebar-foreground hover:bg-slate-100 hover:text-slate-900")
  );
}

export function NavMenu({ role }: { role: Role }) {
  const pathname = usePathname() ?? "";
  const groups = menuGroups(useEntityCatalog(), role, "desktop");
  // The open group belongs to the page it was opened on: navigating closes it.
  const [opened, setOpened] = useState<{ key: string; path: string } | null>(null);
  const openKey = opened?.path === pathname ? opened.key : null;
  const close = useCallback(() => setOpened(null), []);
  const menuData = useMenuData();

  const toggle = (group: MenuGroup) => {
    if (openKey === group.key) return close();
    menuData.ensure(group.lists.map((l) => l.menu));
    setOpened({ key: group.key, path: pathname });
  };

  return (
    <nav aria-label="Main" className="relative flex flex-col gap-1 p-3" data-testid="side-nav">
      <ul className="flex flex-col gap-1">
        {groups.map((group) => {
          const active = group.matches(pathname);
          if (group.href) {
            return (
              <li key={group.key}>
                <Link href={group.href} aria-current={active ? "page" : undefined} className={entryClass(active)}>
                  <NavIcon name={group.key} />
                  {group.label}
                </Link>
              </li>
            );
          }
          const open = openKey === group.key;
          // Each group is its own popover; its flyout is placed beside the whole menu.
          return (
            <Popover
              key={group.key}
              as="li"
              className=""
              open={open}
              onClose={close}
              panelClassName="top-0 left-full ml-px max-h-[calc(100vh-4rem)] w-[46rem] max-w-[calc(100vw-15rem)] overflow-y-auto rounded-br-xl border border-slate-200 bg-white p-5 shadow-xl"
              panelProps={{ id: `menu-flyout-${group.key}`, role: "region", "aria-label": group.label, "data-testid": "menu-flyout" }}
              trigger={(props) => (
                <button {...props} type="button" data-testid={`nav-group-${group.key}`} onClick={() => toggle(group)} className={entryClass(active, open)}>
                  <NavIcon name={group.key} />
                  <span className="flex-1">{group.label}</span>
                  <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 opacity-60" fill="currentColor">
                    <path d="M7.3 5.3a1 1 0 0 1 1.4 0l4 4a1 1 0 0 1 0 1.4l-4 4a1 1 0 1 1-1.4-1.4L10.6 10 7.3 6.7a1 1 0 0 1 0-1.4Z" />
                  </svg>
                </button>
              )}
            >
              <MenuGroupPanel group={group} onNavigate={close} />
            </Popover>
          );
        })}
      </ul>
    </nav>
  );
}
