"use client";
// What a menu group shows when opened: its routes (Create entries only for
// read-write users) and a side list of recent items per menu name.
import Link from "next/link";
import type { MenuGroup } from "./menu-config";
import { MenuSideList } from "./menu-side-list";

export function MenuGroupPanel({ group, onNavigate, stacked = false }: { group: MenuGroup; onNavigate: () => void; stacked?: boolean }) {
  return (
    <div className={stacked ? "space-y-4" : "flex gap-6"}>
      <ul className={stacked ? "space-y-0.5" : "w-48 shrink-0 space-y-0.5"} aria-label={`${group.label} pages`}>
        {group.links.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              target={link.newTab ? "_blank" : undefined}
              rel={link.newTab ? "noopener" : undefined}
              onClick={onNavigate}
              data-testid={link.create ? "menu-create" : "menu-link"}
              className={
                "block rounded px-2 py-1.5 text-sm hover:bg-slate-100 " +
                (link.create ? "font-medium text-primary" : "text-slate-700 hover:text-slate-900")
              }
            >
              {link.create && (
                <svg aria-hidden="true" viewBox="0 0 16 16" className="mr-1 inline h-3 w-3 align-[-1px]" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M8 3v10M3 8h10" />
                </svg>
              )}
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      {group.lists.length > 0 && (
        <div className={stacked ? "space-y-5" : "grid min-w-0 flex-1 grid-cols-[repeat(auto-fit,minmax(13rem,1fr))] gap-5"}>
          {group.lists.map((list) => (
            <MenuSideList key={list.menu} list={list} onNavigate={onNavigate} />
          ))}
        </div>
      )}
    </div>
  );
}
