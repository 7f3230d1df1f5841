"use client";
// After signing in, a user of several licensees with none marked default
// chooses one first (shell.md 2.4, 4): the 'Select Licensee' dialog, which
// cannot be closed (Sign Out is the way back), then the post-login path goes on.
import { LicenseeSwitcher } from "@/components/account/licensee-switcher";

const stay = () => {};

export function SelectLicenseeScreen({ userName, returnPath }: { userName: string; returnPath: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-canvas px-4 py-10">
      <p className="text-sm text-slate-500">Signed in as {userName}</p>
      <LicenseeSwitcher open mode="select" onClose={stay} returnPath={returnPath} />
    </main>
  );
}
