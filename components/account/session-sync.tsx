"use client";
// Keeps this tab in step with the session (shell.md 2.3, 4, 8), mounted once
// in the console layout:
// - another tab signed out → the sign-in page; switched licensee → home;
//   changed the password → refresh (a forced-change dialog closes);
// - an action answered 401 → 'Your current session has expired! Please log
//   in again.', then sign-out and the sign-in page (a full load closes every dialog);
// - the user must change the password → the change-password dialog, which
//   cannot be closed until the change is made.
import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import * as Dialog from "@radix-ui/react-dialog";
import { ChangePasswordDialog } from "./change-password-dialog";
import { PRIMARY_BUTTON } from "./confirm-dialog";
import { Notice, useNotice } from "./notice";
import { loadPage, onSessionExpired, SESSION_EXPIRED_MESSAGE, signOutAllTabs, subscribeSessionEvents } from "./session-events";

export function SessionSync({ licenseeId, forcePasswordChange }: { licenseeId: number; forcePasswordChange: boolean }) {
  const router = useRouter();
  const [expired, setExpired] = useState(false);
  const [changed, setChanged] = useState(false);
  const { notice, show } = useNotice();

  useEffect(
    () =>
      subscribeSessionEvents((event) => {
        if (event.type === "signout") loadPage("/login");
        else if (event.type === "switch" && event.licenseeId !== licenseeId) loadPage("/home");
        else if (event.type === "refresh") router.refresh();
      }),
    [licenseeId, router],
  );

  useEffect(() => onSessionExpired(() => setExpired(true)), []);

  return (
    <>
      <ChangePasswordDialog
        open={forcePasswordChange && !changed && !expired}
        closable={false}
        onClose={() => {}}
        onChanged={(message) => {
          setChanged(true);
          show("success", message);
          router.refresh();
        }}
      />
      <Dialog.Root open={expired}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/50" />
          <Dialog.Content
            role="alertdialog"
            data-testid="session-expired-dialog"
            onEscapeKeyDown={(e) => e.preventDefault()}
            onInteractOutside={(e) => e.preventDefault()}
            className="fixed top-1/2 left-1/2 z-[60] w-[min(92vw,420px)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none"
          >
            <Dialog.Title className="text-base font-semibold text-slate-900">Session expired</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-600">{SESSION_EXPIRED_MESSAGE}</Dialog.Description>
            <div className="mt-6 flex justify-end">
              <button type="button" autoFocus onClick={() => void signOutAllTabs()} className={PRIMARY_BUTTON}>
                Ok
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <Notice notice={notice} />
    </>
  );
}
