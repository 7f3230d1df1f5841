// Shown where the user menu goes until one is plugged into the shell: the
// user's name, role badge and a Sign Out button.
import type { Role } from "@/lib/auth/roles";
import { signOutAction } from "@/lib/sign-in/actions";
import { asFormAction } from "@/lib/actions/result";
import { RoleBadge } from "./role-badge";

export function AccountFallback({ userName, role }: { userName: string; role: Role }) {
  return (
    <div className="flex items-center gap-3">
      <span className="text-sm" data-testid="user-name">
        {userName}
      </span>
      <RoleBadge role={role} />
      <form action={asFormAction(signOutAction)}>
        <button
          type="submit"
          className="rounded-md border border-white/20 px-3 py-1.5 text-sm font-medium text-topbar-foreground transition hover:bg-white/10"
        >
          Sign Out
        </button>
      </form>
    </div>
  );
}
