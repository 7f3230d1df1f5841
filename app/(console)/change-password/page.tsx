// /change-password (shell.md 2.1): the change-password dialog over the console.
// Signed out: the console layout sends the visitor to /login?returnUrl=/change-password.
// A forced change is the console's own dialog (SessionSync), which cannot be closed.
import { notFound } from "next/navigation";
import { requireConsoleSession } from "@/lib/auth/request";
import { ChangePasswordRoute } from "@/components/account/change-password-route";

export const dynamic = "force-dynamic";

export default async function ChangePasswordPage() {
  const ctx = await requireConsoleSession();
  if (ctx.forcePasswordChange) return null;
  // Like the menu item: only users with the secret-key-change option (shell.md 6).
  if (!ctx.canChangeSecret) notFound();
  return <ChangePasswordRoute />;
}
