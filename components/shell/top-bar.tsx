"use client";
// Top bar (shell.md 2.5). Desktop: logo (to /home), breadcrumbs, notification
// bell, user menu. Handset (768 px or less): menu button, logo, bell.
import type { ReactNode } from "react";
import Link from "next/link";
import { LAYER } from "@/components/ui/layers";
import { Breadcrumbs, type ResolvedCrumbs } from "./breadcrumbs";

export interface TopBarProps {
  logoSm: string;
  pageTitle: string;
  licenseeName: string;
  /** Roles without a bell (shell.md 6) get no bell slot at all. */
  showBell: boolean;
  bell?: ReactNode;
  /** The user menu, or null where it is shown elsewhere (the handset menu). */
  account: ReactNode | null;
  initialCrumbs?: ResolvedCrumbs;
  onMenuClick: () => void;
  menuOpen: boolean;
}

export function TopBar({ logoSm, pageTitle, licenseeName, showBell, bell, account, initialCrumbs, onMenuClick, menuOpen }: TopBarProps) {
  return (
    <header
      data-testid="top-bar"
      className={`sticky top-0 ${LAYER.bar} flex h-14 shrink-0 items-center gap-3 bg-topbar px-4 text-topbar-foreground shadow-sm min-[769px]:gap-4`}
    >
      <button
        type="button"
        onClick={onMenuClick}
        aria-label="Menu"
        aria-expanded={menuOpen}
        data-testid="menu-button"
        className="rounded-md p-1.5 hover:bg-white/10 min-[769px]:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </button>
      <Link href="/home" className="flex shrink-0 items-center gap-2" data-testid="logo">
        {/* eslint-disable-next-line @next/next/no-img-element -- tenant logos are arbitrary URLs */}
        <img src={logoSm} alt={pageTitle} className="h-8 w-8 rounded-md bg-white/95 object-contain p-0.5" />
      </Link>
      <div className="hidden h-6 w-px bg-white/15 min-[769px]:block" aria-hidden="true" />
      <div className="hidden min-w-0 min-[769px]:block">
        <Breadcrumbs licenseeName={licenseeName} initial={initialCrumbs} />
      </div>
      <div className="ml-auto flex items-center gap-3">
        {showBell && (
          <div className="flex items-center" data-testid="bell-slot">
            {bell}
          </div>
        )}
        {account}
      </div>
    </header>
  );
}
