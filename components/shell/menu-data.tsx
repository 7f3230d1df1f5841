"use client";
// Menu data per menu name (shell.md 2.6) with its status: not loaded (-1),
// loading (0), loaded (1). Loaded when a group opens; reset on an error and
// on every navigation, so a renamed or new entity shows the next time.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { usePathname } from "next/navigation";
import { loadMenusAction } from "@/lib/menu/actions";
import type { MenuItem, MenuName } from "@/lib/menu/types";

export type MenuStatus = -1 | 0 | 1;
interface Entry {
  status: MenuStatus;
  items: MenuItem[];
}
type Lists = Partial<Record<MenuName, Entry>>;

interface MenuData {
  entry(menu: MenuName): Entry;
  /** Starts loading the menus that are not loaded yet. */
  ensure(menus: MenuName[]): void;
}

const NOT_LOADED: Entry = { status: -1, items: [] };
const MenuDataContext = createContext<MenuData | null>(null);

export function MenuDataProvider({ children }: { children: ReactNode }) {
  const pathname = usePathname() ?? "";
  const [store, setStore] = useState<{ path: string; lists: Lists }>({ path: pathname, lists: {} });
  const lists = useMemo(() => (store.path === pathname ? store.lists : {}), [store, pathname]);

  const ensure = useCallback(
    (menus: MenuName[]) => {
      const missing = menus.filter((m) => (lists[m]?.status ?? -1) === -1);
      if (missing.length === 0) return;
      const update = (change: (lists: Lists) => Lists) =>
        setStore((s) => ({ path: pathname, lists: change(s.path === pathname ? s.lists : {}) }));
      update((l) => ({ ...l, ...Object.fromEntries(missing.map((m) => [m, { status: 0, items: [] }])) }));
      const reset = () =>
        update((l) => Object.fromEntries(Object.entries(l).filter(([m]) => !missing.includes(m as MenuName))) as Lists);
      loadMenusAction(missing).then((result) => {
        if (!result.ok) return reset();
        update((l) => ({ ...l, ...Object.fromEntries(result.data.map((d) => [d.menuName, { status: 1, items: d.menuList }])) }));
      }, reset);
    },
    [lists, pathname],
  );

  const value = useMemo<MenuData>(() => ({ entry: (m) => lists[m] ?? NOT_LOADED, ensure }), [lists, ensure]);
  return <MenuDataContext.Provider value={value}>{children}</MenuDataContext.Provider>;
}

export function useMenuData(): MenuData {
  const data = useContext(MenuDataContext);
  if (!data) throw new Error("useMenuData outside MenuDataProvider");
  return data;
}
