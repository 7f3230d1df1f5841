"use client";
// Menu data per menu name (shell.md 2.6) with its status: not loaded (-1),
// loading (0), loaded (1). Loaded when a group opens; reset on an error, on
// every navigation, and when something changed what the menus show (a status
// change, an archive: business.md 4 "on success the menu cache is
// invalidated"), so the next opening shows the current names and status dots.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { usePathname } from "next/navigation";
import { expiredSession } from "@/components/account/session-events";
import { loadMenusAction } from "@/lib/entities/actions";
import type { MenuItem } from "@/lib/menu/types";
import { MenuInvalidationContext, type InvalidateMenus } from "./menu-invalidation";

export type MenuStatus = -1 | 0 | 1;
interface Entry {
  status: MenuStatus;
  items: MenuItem[];
}
type Lists = Partial<Record<string, Entry>>;

interface MenuData {
  entry(menu: string): Entry;
  /** Starts loading the menus that are not loaded yet. */
  ensure(menus: string[]): void;
}

const NOT_LOADED: Entry = { status: -1, items: [] };
const MenuDataContext = createContext<MenuData | null>(null);

export function MenuDataProvider({ children }: { children: ReactNode }) {
  const pathname = usePathname() ?? "";
  const [store, setStore] = useState<{ path: string; lists: Lists }>({ path: pathname, lists: {} });
  const lists = useMemo(() => (store.path === pathname ? store.lists : {}), [store, pathname]);
  // The load each menu waits for; invalidate() forgets it, so an answer to a
  // load started before the invalidation is dropped instead of showing old data.
  const loads = useRef(new Map<string, number>());
  const nextLoad = useRef(0);

  const update = useCallback(
    (change: (lists: Lists) => Lists) => setStore((s) => ({ path: pathname, lists: change(s.path === pathname ? s.lists : {}) })),
    [pathname],
  );

  const ensure = useCallback(
    (menus: string[]) => {
      const missing = menus.filter((m) => (lists[m]?.status ?? -1) === -1);
      if (missing.length === 0) return;
      const load = ++nextLoad.current;
      for (const m of missing) loads.current.set(m, load);
      const ours = () => missing.filter((m) => loads.current.get(m) === load);
      const settle = (entries: [string, Entry | null][]) => {
        for (const [m] of entries) loads.current.delete(m);
        update((l) => {
          const next: Lists = { ...l };
          for (const [m, entry] of entries) {
            if (entry) next[m] = entry;
            else delete next[m];
          }
          return next;
        });
      };
      // A failed load goes back to 'not loaded': the next opening tries again.
      const reset = () => settle(ours().map((m) => [m, null]));
      update((l) => ({ ...l, ...Object.fromEntries(missing.map((m) => [m, { status: 0, items: [] }])) }));
      loadMenusAction({ menus: missing }).then((result) => {
        if (expiredSession(result) || !result.ok) return reset();
        const answered = new Map(result.data.map((d) => [d.menuName, d.menuList]));
        settle(ours().map((m) => [m, answered.has(m) ? { status: 1, items: answered.get(m)! } : null]));
      }, reset);
    },
    [lists, update],
  );

  const invalidate = useCallback<InvalidateMenus>(
    (menus) => {
      if (menus) for (const m of menus) loads.current.delete(m);
      else loads.current.clear();
      update((l) => (menus ? without(l, menus) : {}));
    },
    [update],
  );

  const value = useMemo<MenuData>(() => ({ entry: (m) => lists[m] ?? NOT_LOADED, ensure }), [lists, ensure]);
  return (
    <MenuDataContext.Provider value={value}>
      <MenuInvalidationContext.Provider value={invalidate}>{children}</MenuInvalidationContext.Provider>
    </MenuDataContext.Provider>
  );
}

function without(lists: Lists, menus: string[]): Lists {
  return Object.fromEntries(Object.entries(lists).filter(([m]) => !menus.includes(m))) as Lists;
}

export function useMenuData(): MenuData {
  const data = useContext(MenuDataContext);
  if (!data) throw new Error("useMenuData outside MenuDataProvider");
  return data;
}
