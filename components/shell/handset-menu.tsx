"use client";
// Handset navigation (width 768 px or less, shell.md 2.5/2.6): a drawer opened
// by the top bar's menu button. Creative Sets, Audience, Reports, SliceX and
// Experiments are not offered here; a Strategy entry is.
import { useState, type ReactNode } from "react";
import Link from "next/link";
import type { Role } from "@/lib/auth/roles";
import { useEntityCatalog } from "@/components/entities/entity-catalog";
import { menuGroups, type MenuGroup } from "./menu-config";
import { MenuGroupPanel } from "./menu-group-panel";
import { useMenuData } from "./menu-data";
import { Modal } from "@/components/ui/modal";
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
  const catalog = useEntityCatalog();
  const close = () => onOpenChange(false);

  const toggle = (group: MenuGroup) => {
    if (expanded === group.key) return setExpanded(null);
    menuData.ensure(group.lists.map((l) => l.menu));
    setExpanded(group.key);
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      placement="left"
      title="Menu"
      closeLabel="Close menu"
      width="min(85vw, 24rem)"
      testId="handset-menu"
    >
      <nav aria-label="Main" className="min-h-0 flex-1 overflow-y-auto p-3">
        <ul className="space-y-1">
          {menuGroups(catalog, role, "handset").map((group) => (
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
    </Modal>
  );
}
