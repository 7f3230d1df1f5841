"use client";
// Licensee selector / switcher dialog (shell.md 2.4, 4): search, a paged list
// of the user's licensees (page size 5; 5, 10, 50, 100, 200), Sign Out; a
// close button when already signed in; 'Items: N' and Cancel on handsets.
// 'Select Licensee' (signed in without a licensee yet) cannot be closed, only
// left by Sign Out, and continues to the post-login destination. A switch
// reloads at home, except for demo users, who stay where they are (shell.md 4, 6).
import { useEffect, useMemo, useState } from "react";
import { listLicenseesAction, switchLicenseeAction } from "@/lib/account/actions";
import type { LicenseeOption } from "@/lib/account/switch-licensee";
import { SERVER_ERROR_MESSAGE } from "@/lib/actions/result";
import { useIsHandset } from "@/components/shell/use-handset";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { PageSizeSelect } from "@/components/ui/pagination";
import { adoptSession, broadcastSessionEvent, expiredSession, loadPage, reloadPage, signOutAllTabs } from "./session-events";

export const LICENSEE_PAGE_SIZES = [5, 10, 50, 100, 200] as const;

export interface LicenseeSwitcherProps {
  open: boolean;
  onClose: () => void;
  /** "switch" when signed in (title 'Switch Licensee', closable), else 'Select Licensee'. */
  mode?: "select" | "switch";
  /** Select mode: where the post-login path continues once a licensee is chosen. */
  returnPath?: string;
}

export function LicenseeSwitcher({ open, onClose, mode = "switch", returnPath = "/home" }: LicenseeSwitcherProps) {
  const switching = mode === "switch";
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={switching ? "Switch Licensee" : "Select Licensee"}
      description="Choose the licensee to work in."
      hideDescription
      closable={switching}
      width="min(96vw, 500px)"
      testId="licensee-switcher"
    >
      <LicenseeList switching={switching} onClose={onClose} returnPath={returnPath} />
    </Modal>
  );
}

function LicenseeList({ switching, onClose, returnPath }: { switching: boolean; onClose: () => void; returnPath: string }) {
  const handset = useIsHandset();
  const [licensees, setLicensees] = useState<LicenseeOption[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [pageSize, setPageSize] = useState<number>(LICENSEE_PAGE_SIZES[0]);
  const [page, setPage] = useState(0);
  const [busyId, setBusyId] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    listLicenseesAction()
      .then((result) => {
        if (!live) return;
        if (result.ok) setLicensees(result.data);
        else if (expiredSession(result)) onClose();
        else setError(result.formError ?? SERVER_ERROR_MESSAGE);
      })
      .catch(() => live && setError(SERVER_ERROR_MESSAGE));
    return () => {
      live = false;
    };
  }, [onClose]);

  const filtered = useMemo(() => {
    const text = search.trim().toLowerCase();
    return (licensees ?? []).filter((l) => !text || l.name.toLowerCase().includes(text));
  }, [licensees, search]);
  const pages = Math.max(1, Math.ceil(filtered.length / pageSize));
  const current = Math.min(page, pages - 1);
  const shown = filtered.slice(current * pageSize, (current + 1) * pageSize);

  async function choose(licensee: LicenseeOption) {
    if (licensee.current) return onClose();
    setBusyId(licensee.id);
    setError(null);
    try {
      const result = await switchLicenseeAction({ licenseeId: licensee.id });
      if (!result.ok) {
        if (!expiredSession(result)) setError(result.formError ?? SERVER_ERROR_MESSAGE);
        return setBusyId(null);
      }
      if (!(await adoptSession(result.data.ticket))) return;
      broadcastSessionEvent({ type: "switch", licenseeId: result.data.licenseeId });
      if (!switching) loadPage(returnPath);
      else if (result.data.goHome) loadPage("/home");
      else reloadPage(); // demo: no preference load, no redirect
    } catch {
      setError(SERVER_ERROR_MESSAGE);
      setBusyId(null);
    }
  }

  return (
    <div className="space-y-3 px-5 py-4">
      <input
        type="search"
        aria-label="Search licensee"
        placeholder="Search"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(0);
        }}
        className={inputClass()}
      />
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {licensees === null && !error ? (
        <p role="status" className="py-6 text-center text-sm text-slate-500">
          Loading...
        </p>
      ) : (
        <ul aria-label="Licensees" className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {shown.map((l) => (
            <li key={l.id}>
              <button
                type="button"
                disabled={busyId !== null}
                aria-current={l.current ? "true" : undefined}
                onClick={() => void choose(l)}
                className="flex w-full items-center justify-between px-3 py-2.5 text-left text-sm text-slate-800 hover:bg-slate-50 disabled:cursor-wait aria-[current=true]:font-semibold aria-[current=true]:text-primary"
              >
                <span className="truncate">{l.name}</span>
                {busyId === l.id && <span className="text-xs text-slate-500">Please wait...</span>}
                {l.current && busyId !== l.id && <span className="text-xs">Current</span>}
              </button>
            </li>
          ))}
          {shown.length === 0 && <li className="px-3 py-4 text-center text-sm text-slate-500">No Result Found</li>}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        {handset ? (
          <span data-testid="licensee-count">Items: {filtered.length}</span>
        ) : (
          <PageSizeSelect
            label="Rows"
            name="Rows per page"
            sizes={LICENSEE_PAGE_SIZES}
            value={pageSize}
            onChange={(size) => {
              setPageSize(size);
              setPage(0);
            }}
          />
        )}
        <span className="ml-auto">
          {filtered.length === 0 ? 0 : current * pageSize + 1}-{Math.min(filtered.length, (current + 1) * pageSize)} of{" "}
          {filtered.length}
        </span>
        <Button variant="ghost" size="xs" aria-label="Previous page" disabled={current === 0} onClick={() => setPage(current - 1)}>
          ‹
        </Button>
        <Button variant="ghost" size="xs" aria-label="Next page" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
          ›
        </Button>
      </div>
      <div className="flex justify-end gap-2 pt-1">
        {switching && handset && <Button onClick={onClose}>Cancel</Button>}
        <Button onClick={() => void signOutAllTabs()}>Sign Out</Button>
      </div>
    </div>
  );
}
