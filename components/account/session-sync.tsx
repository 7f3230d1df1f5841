"use client";
// Keeps this tab in step with the session (shell.md 2.3, 4, 8), mounted once
// in the console layout:
// - another tab signed out → the sign-in page; switched licensee → home;
//   changed the password → refresh (a forced-change dialog closes);
// - another tab found the session expired → the sign-in page with the
//   expired message (an action answered 401 here: session-events.ts
//   signs out at once, no dialog to press);
// - the user must change the password → the change-password dialog, which
//   cannot be closed until the change is made.
import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { ChangePasswordDialog } from "./change-password-dialog";
import { Notice, useNotice } from "./notice";
import { expiredLoginPath, loadPage, subscribeSessionEvents } from "./session-events";

export function SessionSync({ licenseeId, forcePasswordChange }: { licenseeId: number; forcePasswordChange: boolean }) {
  const router = useRouter();
  const [changed, setChanged] = useState(false);
  const { notice, show } = useNotice();

  useEffect(
    () =>
      subscribeSessionEvents((event) => {
        if (event.type === "signout") loadPage(event.expired ? expiredLoginPath() : "/login");
        else if (event.type === "switch" && event.licenseeId !== licenseeId) loadPage("/home");
        else if (event.type === "refresh") router.refresh();
      }),
    [licenseeId, router],
  );

  return (
    <>
      <ChangePasswordDialog
        open={forcePasswordChange && !changed}
        closable={false}
        onClose={() => {}}
        onChanged={(message) => {
          setChanged(true);
          show("success", message);
          router.refresh();
        }}
      />
      <Notice notice={notice} />
    </>
  );
}
