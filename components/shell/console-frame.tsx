"use client";
// The console frame around every page: top bar, navigation menu (a side menu
// on wide screens, a drawer on handsets) and the page.
import { useState, type ReactNode } from "react";
import { usePathname } from "next/navigation";
import { shellVisibility, type Role } from "@/lib/auth/roles";
import { AccountFallback } from "./account-fallback";
import type { ResolvedCrumbs } from "./breadcrumbs";
import { HandsetMenu } from "./handset-menu";
import { MenuDataProvider } from "./menu-data";
import { NavMenu } from "./nav-menu";
import { TopBar } from "./top-bar";
import { useIsHandset } from "./use-handset";

export interface ConsoleFrameProps {
  logoSm: string;
  pageTitle: string;
  licenseeName: string;
  userName: string;
  role: Role;
  bell?: ReactNode;
  accountMenu?: ReactNode;
  initialCrumbs?: ResolvedCrumbs;
  children: ReactNode;
}

export function ConsoleFrame({ logoSm, pageTitle, licenseeName, userName, role, bell, accountMenu, initialCrumbs, children }: ConsoleFrameProps) {
  const pathname = usePathname() ?? "";
  const handset = useIsHandset();
  // The drawer belongs to the page it was opened on: following a link closes it.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const drawerOpen = handset && drawerPath === pathname;
  const account = accountMenu ?? <AccountFallback userName={userName} role={role} />;

  return (
    <MenuDataProvider>
      <div className="flex min-h-screen flex-col">
        <TopBar
          logoSm={logoSm}
          pageTitle={pageTitle}
          licenseeName={licenseeName}
          showBell={shellVisibility(role).notificationBell}
          bell={bell}
          account={handset ? null : account}
          initialCrumbs={initialCrumbs}
          onMenuClick={() => setDrawerPath(pathname)}
          menuOpen={drawerOpen}
        />
        <div className="flex flex-1">
          <aside className="hidden w-56 shrink-0 border-r border-slate-200 bg-sidebar min-[769px]:block">
            <div className="sticky top-14">
              <NavMenu role={role} />
            </div>
          </aside>
          <main id="main" className="min-w-0 flex-1 px-4 py-5 min-[769px]:px-8 min-[769px]:py-6">
            {children}
          </main>
        </div>
        <HandsetMenu open={drawerOpen} onOpenChange={(open) => setDrawerPath(open ? pathname : null)} role={role} account={handset ? account : null} />
      </div>
    </MenuDataProvider>
  );
}
