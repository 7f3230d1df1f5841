"use client";
// Handset navigation (width 768 px or less, shell.md 2.5/2.6): a drawer opened
// by the top bar's menu button. Creative Sets, Audience, Reports, SliceX and
// Experiments are not offered here; a Strategy entry is.
import { useState, type ReactNode } from "react";
import Link from "next/link";
import * as Dialog from "@radix-ui/react-dialog";
import type { Role } from "@/lib/auth/roles";
import { menuGroups, type MenuGroup } from "./menu-config";
import { MenuGroupPanel } from "./menu-group-panel";
import { useMenuData } from "./menu-data";
import { NavIcon } from "./nav-icons";

export function HandsetMenu({
  open,
  onOpenChange,
  role,
  account,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  role: Role;
  /** The user menu lives here on handsets (the top bar has no room for it). */
  account: ReactNode;
}) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const menuData = useMenuData();
  const close = () => onOpenChange(false);

  const toggle = (group: MenuGroup) => {
    if (expanded === group.key) return setExpanded(null);
    menuData.ensure(group.lists.map((l) => l.menu));
    setExpanded(group.key);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          data-testid="handset-menu"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-sm flex-col bg-white shadow-xl focus:outline-none"
        >
          <div className="flex h-14 items-center justify-between border-b border-slate-200 px-4">
            <Dialog.Title className="text-base font-semibold text-slate-900">Menu</Dialog.Title>
            <Dialog.Close className="rounded p-1.5 text-slate-500 hover:bg-slate-100" aria-label="Close menu">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
                <path d="m5 5 10 10M15 5 5 15" />
              </svg>
            </Dialog.Close>
          </div>
          <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
            <ul className="space-y-1">
              {menuGroups(role, "handset").map((group) => (
                <li key={group.key}>
                  {group.href ? (
                    <Link
                      href={group.href}
                      onClick={close}
                      className="flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
                    >
                      <NavIcon name={group.key} />
                      {group.label}
                    </Link>
                  ) : (
                    <>
                      <button
                        type="button"
                        aria-expanded={expanded === group.key}
                        onClick={() => toggle(group)}
                        data-testid={`nav-group-${group.key}`}
                        className="flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-left text-sm font-medium text-slate-700 hover:bg-slate-100"
                      >
                        <NavIcon name={group.key} />
                        <span className="flex-1">{group.label}</span>
                        <span aria-hidden="true">{expanded === group.key ? "−" : "+"}</span>
                      </button>
                      {expanded === group.key && (
                        <div className="mt-1 mb-3 ml-4 border-l border-slate-200 pl-3" data-testid="menu-flyout">
                          <MenuGroupPanel group={group} onNavigate={close} stacked />
                        </div>
                      )}
                    </>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          {account && <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 bg-topbar p-4 text-topbar-foreground">{account}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
