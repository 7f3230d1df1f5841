"use client";
// Entity picker dialog (shell.md 2.8): 'Select <entity>', a search box (Enter
// applies), a refresh button, a server-paged table with a radio per row, and
// Cancel / Done. Generic over a loader such as the actions of lib/menu/actions.ts:
//   <EntityPicker entity="Campaign" load={(q) => searchCampaignPicker(q, { advertiserId })} ... />
// For pixels use PixelPicker (./pixel-picker.tsx): it adds the 'Add a new Pixel' link.
import { useEffect, useEffectEvent, useId, useState, type ReactNode } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import type { ActionResult } from "@/lib/data/action-result";
import { expiredSession } from "@/components/account/session-events";
import { PICKER_DEFAULT_PAGE_SIZE, PICKER_PAGE_SIZES } from "@/lib/menu/constants";
import type { MenuItem, PickerPage, PickerQuery } from "@/lib/menu/types";
import { Dot } from "@/components/shell/status-dot";

export type PickerLoader = (query: PickerQuery) => Promise<ActionResult<PickerPage>>;

export interface EntityPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Entity name as the texts use it: 'Select <entity>', 'Please select one of the <entity> to continue.' */
  entity: string;
  /** Replaces 'Select <entity>' (e.g. 'Select Strategy Templates'). */
  title?: string;
  load: PickerLoader;
  /** Called with the chosen row when Done is pressed; the dialog then closes. */
  onDone: (row: MenuItem) => void;
  /** Pre-selected row, e.g. the value a form already holds. */
  selected?: MenuItem | null;
  /** Extra control under the table, e.g. the pixel form's 'Add a new Pixel' link. */
  addLink?: ReactNode;
  /** Text the search box starts with (applied at once). */
  initialSearch?: string;
  /**
   * A new value starts the open picker again from page 1 with `initialSearch`
   * and `selected`, e.g. to list and select a pixel just created beside it.
   */
  restartKey?: string | number;
}

export function EntityPicker({ open, onOpenChange, entity, title, restartKey, ...body }: EntityPickerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          data-testid="entity-picker"
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[min(44rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title ?? `Select ${entity}`}</Dialog.Title>
            <Dialog.Close className="rounded p-1.5 text-slate-500 hover:bg-slate-100" aria-label="Close">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
                <path d="m5 5 10 10M15 5 5 15" />
              </svg>
            </Dialog.Close>
          </div>
          {/* Mounted only while open, so every opening starts from page 1 and an empty search. */}
          <PickerBody key={restartKey} entity={entity} onClose={() => onOpenChange(false)} {...body} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type BodyProps = Pick<EntityPickerProps, "entity" | "load" | "onDone" | "selected" | "addLink" | "initialSearch"> & { onClose: () => void };

interface Loaded {
  key: string;
  page: PickerPage | null;
  error: string | null;
}

function PickerBody({ entity, load, onDone, selected: initial, addLink, initialSearch = "", onClose }: BodyProps) {
  const [input, setInput] = useState(initialSearch);
  const [query, setQuery] = useState<PickerQuery>({ search: initialSearch.trim(), page: 1, size: PICKER_DEFAULT_PAGE_SIZE });
  const [reloads, setReloads] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [selected, setSelected] = useState<MenuItem | null>(initial ?? null);
  const [warning, setWarning] = useState(false);
  const radioName = useId();
  const key = `${query.search}|${query.page}|${query.size}|${reloads}`;

  // The latest loader, without refetching when a parent passes a new closure on each render.
  const fetchPage = useEffectEvent((q: PickerQuery) => load(q));
  useEffect(() => {
    let live = true;
    fetchPage(query).then(
      (result) => {
        if (!live || expiredSession(result)) return;
        setLoaded(result.ok ? { key, page: result.data, error: null } : { key, page: null, error: result.formError ?? "Server error, Please try after sometime" });
      },
      () => live && setLoaded({ key, page: null, error: "Server error, Please try after sometime" }),
    );
    return () => {
      live = false;
    };
  }, [query, key]);

  const loading = loaded?.key !== key;
  const page = loaded?.page ?? null;
  const total = page?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / query.size));
  const from = total === 0 ? 0 : (query.page - 1) * query.size + 1;
  const to = Math.min(total, query.page * query.size);

  const choose = (row: MenuItem) => {
    setSelected(row);
    setWarning(false);
  };
  const done = () => {
    if (!selected) return setWarning(true);
    onDone(selected);
    onClose();
  };

  return (
    <>
      <div className="flex items-center gap-2 px-5 pt-4">
        <input
          type="search"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              setQuery((q) => ({ ...q, search: input.trim(), page: 1 }));
            }
          }}
          placeholder="Search by name or id, then press Enter"
          aria-label={`Search ${entity}`}
          data-testid="picker-search"
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-primary focus:outline-none"
        />
        <button
          type="button"
          onClick={() => setReloads((n) => n + 1)}
          aria-label="Refresh"
          title="Refresh"
          className="rounded-md border border-slate-300 p-2 text-slate-600 hover:bg-slate-50"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-4 w-4 ${loading ? "animate-spin" : ""}`} fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M16 10a6 6 0 1 1-1.8-4.3M16 3v3.5h-3.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>

      <div className="mx-5 mt-3 min-h-0 flex-1 overflow-auto rounded-lg border border-slate-200" aria-busy={loading}>
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <span className="sr-only">Select</span>
              </th>
              <th scope="col" className="px-3 py-2">Name</th>
              <th scope="col" className="w-24 px-3 py-2">ID</th>
              <th scope="col" className="w-24 px-3 py-2">Status</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page === null || page.rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-3 py-8 text-center text-slate-500" role={loaded?.error ? "alert" : undefined}>
                  {loading ? "Loading..." : (loaded?.error ?? "No Result Found")}
                </td>
              </tr>
            ) : (
              page.rows.map((row) => (
                <tr
                  key={row.id}
                  onClick={() => choose(row)}
                  data-testid="picker-row"
                  className={`cursor-pointer ${selected?.id === row.id ? "bg-accent" : "hover:bg-slate-50"}`}
                >
                  <td className="px-3 py-2">
                    <input
                      type="radio"
                      name={radioName}
                      checked={selected?.id === row.id}
                      onChange={() => choose(row)}
                      aria-label={row.name}
                      className="h-4 w-4 accent-(--dsp-primary)"
                    />
                  </td>
                  <td className="px-3 py-2 font-medium break-all text-slate-900">{row.name}</td>
                  <td className="px-3 py-2 text-slate-600">{row.id}</td>
                  <td className="px-3 py-2">
                    <span className="inline-flex items-center gap-1.5 text-slate-600">
                      <Dot active={row.active} />
                      <span aria-hidden="true">{row.active ? "Active" : "Inactive"}</span>
                    </span>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3 px-5 pt-3 text-sm text-slate-600">
        <label className="flex items-center gap-2">
          Items per page
          <select
            value={query.size}
            onChange={(e) => setQuery((q) => ({ ...q, size: Number(e.target.value), page: 1 }))}
            className="rounded-md border border-slate-300 px-2 py-1"
          >
            {PICKER_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-center gap-2">
          <span data-testid="picker-range">
            {from} - {to} of {total}
          </span>
          <button
            type="button"
            aria-label="Previous page"
            disabled={query.page <= 1}
            onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}
            className="rounded-md border border-slate-300 px-2 py-1 disabled:opacity-40"
          >
            ‹
          </button>
          <button
            type="button"
            aria-label="Next page"
            disabled={query.page >= lastPage}
            onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}
            className="rounded-md border border-slate-300 px-2 py-1 disabled:opacity-40"
          >
            ›
          </button>
        </div>
      </div>

      {addLink && <div className="px-5 pt-3 text-sm">{addLink}</div>}

      <div className="mt-4 flex items-center justify-end gap-3 border-t border-slate-200 px-5 py-4">
        {warning && (
          <p role="alert" data-testid="picker-warning" className="mr-auto text-sm font-medium text-red-600">
            Please select one of the {entity} to continue.
          </p>
        )}
        <button
          type="button"
          onClick={onClose}
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={done}
          className="rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground hover:bg-primary-hover"
        >
          Done
        </button>
      </div>
    </>
  );
}
