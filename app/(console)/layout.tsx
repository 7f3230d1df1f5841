// Every console page needs a session: signed-out visitors go to the login page
// (proxy.ts only checks that a cookie exists; this is the real check). Layouts
// are not re-rendered on client-side navigation, so each page checks too.
import { getRequestTheme, requireConsoleSession } from "@/lib/auth/request";
import { ConsoleShell } from "@/components/shell/console-shell";
import { EntityCatalogProvider } from "@/components/entities/entity-catalog";
import { AccountMenu } from "@/components/account/account-menu";
import { SessionSync } from "@/components/account/session-sync";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { PanelHost } from "@/components/panels/panel-host";
import { shellVisibility } from "@/lib/auth/roles";
import { countUnread } from "@/lib/notifications/queries";
import { entityCatalog } from "@/lib/entities/registry";

export const dynamic = "force-dynamic";

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const ctx = await requireConsoleSession(); // requirePageSession(), memoised per request
  const theme = await getRequestTheme();
  // RO and DEMO users have no bell (shell.md 6); countUnread refuses them too.
  const bell = shellVisibility(ctx.role).notificationBell ? <NotificationBell initialCount={await countUnread(ctx)} /> : undefined;
  return (
    <EntityCatalogProvider catalog={entityCatalog()}>
      <ConsoleShell
        logoSm={theme.logoSm}
        pageTitle={theme.pageTitle}
        licenseeName={ctx.licenseeName}
        userName={ctx.userName}
        role={ctx.role}
        bell={bell}
        accountMenu={
          <AccountMenu
            userName={ctx.userName}
            email={ctx.email}
            role={ctx.role}
            canSwitch={ctx.canSwitch}
            canChangeSecret={ctx.canChangeSecret}
            twoFactorEnabled={ctx.twoFactorEnabled}
          />
        }
      >
        <SessionSync licenseeId={ctx.licenseeId} forcePasswordChange={ctx.forcePasswordChange} />
        {children}
        <PanelHost role={ctx.role} userId={ctx.userId} />
      </ConsoleShell>
    </EntityCatalogProvider>
  );
}
