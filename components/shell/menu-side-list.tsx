"use client";
// A menu side list (shell.md 2.6): recent items of one menu, a name search
// (debounced 350 ms, answered by the server), and a 'See all ...' link.
import { useCallback, useId, useState } from "react";
import Link from "next/link";
import { useEntityCatalog } from "@/components/entities/entity-catalog";
import { searchMenuAction } from "@/lib/entities/actions";
import { menuItemHref } from "@/lib/entities/catalog";
import { cutText, MENU_TEXT_MAX } from "@/lib/menu/constants";
import type { MenuItem } from "@/lib/menu/types";
import type { MenuSideList as ListConfig } from "./menu-config";
import { useMenuData } from "./menu-data";
import { useDebouncedSearch } from "./use-debounced-search";
import { StatusDot } from "@/components/ui/status-dot";

export function MenuSideList({ list, onNavigate }: { list: ListConfig; onNavigate: () => void }) {
  const [text, setText] = useState("");
  const searching = text.trim() !== "";
  const catalog = useEntityCatalog();
  const search = useCallback((text: string) => searchMenuAction({ menu: list.menu, text }), [list.menu]);
  const found = useDebouncedSearch(text, search, { enabled: searching });
  const recent = useMenuData().entry(list.menu);
  const inputId = useId();

  const items: MenuItem[] = searching ? found.items : recent.items;
  // A failed load resets the menu to 'not loaded' (-1): it shows as empty and loads again on the next opening.
  const loading = searching ? found.pending : recent.status === 0;

  return (
    <section className="min-w-0" data-testid={`menu-list-${list.menu}`} aria-label={list.title}>
      <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{list.title}</h2>
      <label htmlFor={inputId} className="sr-only">
        Search {list.title}
      </label>
      <input
        id={inputId}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search by name"
        autoComplete="off"
        data-testid={`menu-search-${list.menu}`}
        className="mt-2 w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm focus:border-primary focus:outline-none"
      />
      <ul className="mt-2 space-y-0.5" aria-busy={loading}>
        {loading && items.length === 0 ? (
          <li className="px-2 py-1.5 text-sm text-slate-500">Loading...</li>
        ) : items.length === 0 ? (
          <li className="px-2 py-1.5 text-sm text-slate-500" data-testid="menu-empty">
            {list.emptyText}
          </li>
        ) : (
          items.map((item) => (
            <li key={item.id}>
              <Link
                href={menuItemHref(catalog, list.menu, item.id) ?? list.seeAll.href}
                target={list.newTab ? "_blank" : undefined}
                rel={list.newTab ? "noopener" : undefined}
                onClick={onNavigate}
                title={item.name}
                data-testid="menu-item"
                className="flex items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900"
              >
                <StatusDot active={item.active} />
                <span className="truncate">{cutText(item.name, MENU_TEXT_MAX)}</span>
              </Link>
            </li>
          ))
        )}
      </ul>
      <Link
        href={list.seeAll.href}
        onClick={onNavigate}
        className="mt-2 inline-block text-sm font-medium text-primary hover:underline"
      >
        {list.seeAll.label}
      </Link>
    </section>
  );
}
