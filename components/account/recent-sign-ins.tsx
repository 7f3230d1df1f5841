"use client";
// 'Recent Sign-ins' of the user menu: the signed-in user's own latest
// sign-ins (time in their timezone, client address, browser and system,
// method), so an unknown one stands out. Read when the dialog opens.
import { useEffect, useState } from "react";
import { listRecentSignInsAction } from "@/lib/account/actions";
import type { RecentSignIns } from "@/lib/auth/recent-sign-ins";
import { SERVER_ERROR_MESSAGE } from "@/lib/data/action-result";
import { Modal } from "@/components/ui/modal";
import { expiredSession } from "./session-events";

const METHOD_LABEL: Record<string, string> = {
  password: "Password",
  "password + code": "Password and e-mailed code",
  GOOGLE: "Google",
  OKTA: "Okta",
};

type State = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; data: RecentSignIns };

export function RecentSignInsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Recent Sign-ins"
      description="Your latest sign-ins, newest first. One you do not recognise? Change your password."
      width="min(96vw, 720px)"
      testId="recent-sign-ins"
    >
      {/* Mounted while open only: each opening reads the list afresh. */}
      <RecentSignInsList />
    </Modal>
  );
}

function RecentSignInsList() {
  const [state, setState] = useState<State>({ status: "loading" });

  useEffect(() => {
    let live = true;
    listRecentSignInsAction()
      .then((result) => {
        if (!live) return;
        if (result.ok) setState({ status: "ready", data: result.data });
        else if (!expiredSession(result)) setState({ status: "error", message: result.formError ?? SERVER_ERROR_MESSAGE });
      })
      .catch(() => live && setState({ status: "error", message: SERVER_ERROR_MESSAGE }));
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="space-y-3 px-5 py-4">
      {state.status === "loading" && (
        <p role="status" className="text-sm text-slate-500">
          Loading...
        </p>
      )}
      {state.status === "error" && (
        <p role="alert" className="text-sm text-red-600">
          {state.message}
        </p>
      )}
      {state.status === "ready" && state.data.rows.length === 0 && (
        <p data-testid="recent-sign-ins-empty" className="text-sm text-slate-600">
          No sign-ins recorded yet.
        </p>
      )}
      {state.status === "ready" && state.data.rows.length > 0 && (
        <>
          <p className="text-xs text-slate-500">Times in {state.data.timeZone}.</p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Time
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Client address
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Browser
                  </th>
                  <th scope="col" className="py-2">
                    Method
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 text-slate-700">
                {state.data.rows.map((row, i) => (
                  <tr key={`${row.at}-${i}`} data-testid="recent-sign-in">
                    <td className="py-2 pr-4 whitespace-nowrap">{row.time}</td>
                    <td className="py-2 pr-4 font-mono text-xs">{row.clientIp ?? "-"}</td>
                    <td className="py-2 pr-4">{row.device}</td>
                    <td className="py-2">{row.method ? (METHOD_LABEL[row.method] ?? row.method) : "-"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
