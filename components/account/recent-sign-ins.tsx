"use client";
// 'Recent Sign-ins' of the user menu: the signed-in user's own latest
// sign-ins (time in their timezone, client address, browser and system,
// method), so an unknown one stands out. Read when the dialog opens.
import { useEffect, useState } from "react";
import { listRecentSignInsAction } from "@/lib/account/actions";
import type { RecentSignIns } from "@/lib/account/recent-sign-ins";
import { SERVER_ERROR_MESSAGE } from "@/lib/actions/result";
import { createDataColumns, DataTable } from "@/components/ui/data-table";
import { Modal } from "@/components/ui/modal";
import { expiredSession } from "./session-events";

const METHOD_LABEL: Record<string, string> = {
  password: "Password",
  "password + code": "Password and e-mailed code",
  GOOGLE: "Google",
  OKTA: "Okta",
};

type SignIn = RecentSignIns["rows"][number];
const column = createDataColumns<SignIn>();
const SIGN_IN_COLUMNS = [
  column.accessor("time", { id: "time", header: "Time", meta: { cellClassName: "whitespace-nowrap text-slate-700" } }),
  column.accessor((row) => row.clientIp ?? "-", { id: "clientIp", header: "Client address", meta: { cellClassName: "font-mono text-xs text-slate-700" } }),
  column.accessor("device", { id: "device", header: "Browser", meta: { cellClassName: "text-slate-700" } }),
  column.accessor((row) => (row.method ? (METHOD_LABEL[row.method] ?? row.method) : "-"), { id: "method", header: "Method", meta: { cellClassName: "text-slate-700" } }),
];

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
          <DataTable
            columns={SIGN_IN_COLUMNS}
            rows={state.data.rows}
            rowId={(row) => `${row.at}-${state.data.rows.indexOf(row)}`}
            emptyText={null}
            density="compact"
            className=""
            rowAttributes={() => ({ "data-testid": "recent-sign-in" })}
          />
        </>
      )}
    </div>
  );
}
