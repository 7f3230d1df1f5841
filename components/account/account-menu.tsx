"use client";
// The user menu (shell.md 2.5, 6): Switch Licensee, Account Preferences,
// Activity Logs, Generate API Key, Recent Sign-ins (the user's own, every
// role), Change Password, the two-factor switch,
// Sign Out, and End All Sessions (sign out everywhere: every browser and
// device; not for the shared demo account); each shown, hidden or disabled by
// role and by the user's options.
// A dropdown from the user's name in the top bar; on handsets, where the
// shell puts it in the navigation drawer, a plain list. Takes plain data only.
import { useCallback, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { shellVisibility, type Role } from "@/lib/auth/roles";
import { usePanel } from "@/components/shell/panels";
import { RoleBadge } from "@/components/shell/role-badge";
import { useIsHandset } from "@/components/shell/use-handset";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Popover } from "@/components/ui/popover";
import { ChangePasswordDialog } from "./change-password-dialog";
import { LicenseeSwitcher } from "./licensee-switcher";
import { Notice, useNotice } from "./notice";
import { RecentSignInsDialog } from "./recent-sign-ins";
import { signOutAllTabs, signOutEverySession } from "./session-events";
import { TwoFactorToggle } from "./two-factor-toggle";

export interface AccountMenuProps {
  userName: string;
  email: string;
  role: Role;
  canSwitch: boolean;
  canChangeSecret: boolean;
  twoFactorEnabled: boolean;
}

type Item =
  | { key: string; label: string; onSelect: () => void }
  | { key: string; label: string; href: string }
  | { key: string; label: string; disabled: string };

const DROPDOWN_ITEM =
  "flex w-full items-center px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-50 focus:bg-slate-50 focus:outline-none";
const INLINE_ITEM = "rounded-md px-2 py-1.5 text-left text-sm hover:bg-white/10";

export function AccountMenu({ userName, email, role, canSwitch, canChangeSecret, twoFactorEnabled }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<"switch" | "password" | "everywhere" | "sign-ins" | null>(null);
  const [endingAll, setEndingAll] = useState(false);
  const [twoFactor, setTwoFactor] = useState(twoFactorEnabled);
  const { notice, show } = useNotice();
  const panel = usePanel();
  const router = useRouter();
  const handset = useIsHandset();
  const visible = shellVisibility(role);
  // A dialog the menu opened (the two-factor question) keeps it open (useDismiss).
  const closeMenu = useCallback(() => setOpen(false), []);

  const closeDialog = useCallback(() => setDialog(null), []);
  const closing = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  const items: Item[] = [];
  if (canSwitch) items.push({ key: "switch", label: "Switch Licensee", onSelect: closing(() => setDialog("switch")) });
  items.push({ key: "preferences", label: "Account Preferences", onSelect: closing(() => panel.open("preferences")) });
  if (visible.activityLogs) items.push({ key: "activity", label: "Activity Logs", onSelect: closing(() => panel.open("activity")) });
  if (visible.generateApiKey === "enabled") items.push({ key: "api-key", label: "Generate API Key", href: "/home/generate_token" });
  if (visible.generateApiKey === "disabled") {
    items.push({ key: "api-key", label: "Generate API Key", disabled: "Not available for read-only users" });
  }
  items.push({ key: "sign-ins", label: "Recent Sign-ins", onSelect: closing(() => setDialog("sign-ins")) });
  if (canChangeSecret) items.push({ key: "password", label: "Change Password", onSelect: closing(() => setDialog("password")) });

  const twoFactorToggle = canChangeSecret && (
    <TwoFactorToggle
      enabled={twoFactor}
      itemRole={handset ? "switch" : "menuitemcheckbox"}
      className={handset ? `${INLINE_ITEM} flex items-center justify-between gap-3` : DROPDOWN_ITEM + " justify-between gap-3"}
      onSaved={(value) => {
        setTwoFactor(value);
        router.refresh();
      }}
      onMessage={show}
    />
  );
  const signOut = { key: "sign-out", label: "Sign Out", onSelect: () => void signOutAllTabs() };
  // A demo account is shared: one visitor must not sign out all the others.
  const endAllItem =
    role === "DEMO" ? null : { key: "end-all-sessions", label: "End All Sessions", onSelect: closing(() => setDialog("everywhere")) };
  const endAll = async () => {
    setEndingAll(true);
    const error = await signOutEverySession();
    setEndingAll(false);
    setDialog(null);
    if (error) show("error", error);
  };

  const dialogs = (
    <>
      {canSwitch && <LicenseeSwitcher open={dialog === "switch"} onClose={closeDialog} />}
      <RecentSignInsDialog open={dialog === "sign-ins"} onClose={closeDialog} />
      {canChangeSecret && (
        <ChangePasswordDialog
          open={dialog === "password"}
          closable
          onClose={closeDialog}
          onChanged={(message) => {
            setDialog(null);
            show("success", message);
          }}
        />
      )}
      <ConfirmDialog
        open={dialog === "everywhere"}
        title="End All Sessions"
        message="You will be signed out on every browser and device, this one included. This also revokes your API keys. Continue?"
        confirmLabel="End All Sessions"
        busy={endingAll}
        onConfirm={() => void endAll()}
        onCancel={closeDialog}
      />
      <Notice notice={notice} />
    </>
  );

  if (handset) {
    return (
      <div data-testid="account-menu-inline" className="flex w-full flex-col gap-1">
        <div className="flex items-center gap-2 px-2 pb-1">
          <span data-testid="user-name" className="truncate text-sm font-semibold">
            {userName}
          </span>
          <RoleBadge role={role} />
        </div>
        {items.map((item) => renderItem(item, INLINE_ITEM, undefined))}
        {twoFactorToggle}
        {renderItem(signOut, INLINE_ITEM, undefined)}
        {endAllItem && renderItem(endAllItem, INLINE_ITEM, undefined)}
        {dialogs}
      </div>
    );
  }

  return (
    <>
      <Popover
        open={open}
        onClose={closeMenu}
        // Stays mounted while hidden, so a question it asked (two-factor) outlives a close.
        keepMounted
        panelClassName="right-0 mt-2 w-72 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        panelProps={{ id: "account-menu", role: "menu", "aria-label": "User menu", "data-testid": "account-menu", onKeyDown: moveFocus }}
        trigger={(props) => (
          <button
            {...props}
            type="button"
            data-testid="account-menu-button"
            aria-haspopup="menu"
            onClick={() => setOpen((v) => !v)}
            className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-topbar-foreground hover:bg-white/10"
          >
            <span data-testid="user-name" className="max-w-[12rem] truncate">
              {userName}
            </span>
            <RoleBadge role={role} />
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="m6 9 6 6 6-6" />
            </svg>
          </button>
        )}
      >
        <div className="border-b border-slate-100 px-4 py-2.5">
          <p className="truncate text-sm font-semibold text-slate-900">{userName}</p>
          <p className="truncate text-xs text-slate-500">{email}</p>
        </div>
        {items.map((item) => renderItem(item, DROPDOWN_ITEM, "menuitem", () => setOpen(false)))}
        {twoFactorToggle}
        <div className="my-1 border-t border-slate-100" />
        {renderItem(signOut, DROPDOWN_ITEM, "menuitem")}
        {endAllItem && renderItem(endAllItem, DROPDOWN_ITEM, "menuitem")}
      </Popover>
      {dialogs}
    </>
  );
}

function renderItem(item: Item, className: string, role: "menuitem" | undefined, onNavigate?: () => void) {
  if ("href" in item) {
    return (
      <Link key={item.key} href={item.href} role={role} className={className} onClick={onNavigate}>
        {item.label}
      </Link>
    );
  }
  if ("disabled" in item) {
    return (
      <button
        key={item.key}
        type="button"
        role={role}
        disabled
        aria-disabled="true"
        title={item.disabled}
        className={`${className} cursor-not-allowed opacity-50`}
      >
        {item.label}
      </button>
    );
  }
  return (
    <button key={item.key} type="button" role={role} className={className} onClick={item.onSelect}>
      {item.label}
    </button>
  );
}

/** Up and down arrows move between the enabled items. */
function moveFocus(e: React.KeyboardEvent<HTMLDivElement>) {
  if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
  e.preventDefault();
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>("[role^=menuitem]:not([aria-disabled=true])")];
  if (items.length === 0) return;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = e.key === "ArrowDown" ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
  items[next].focus();
}
