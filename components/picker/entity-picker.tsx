"use client";
// Entity picker dialog (shell.md 2.8): 'Select <entity>', a search box (Enter
// applies), a refresh button, a server-paged table with a radio per row, and
// Cancel / Done. Generic over a loader, usually lib/entities/actions.ts searchPickerAction for
// any entity the registry lets the picker list:
//   <EntityPicker entity="Campaign" load={(query) => searchPickerAction({ entity: "campaign", query, parents: { advertiserId } })} ... />
// For pixels use PixelPicker (./pixel-picker.tsx): it adds the 'Add a new Pixel' link.
import { useEffect, useEffectEvent, useState, type ReactNode } from "react";
import type { ActionResult } from "@/lib/actions/result";
import { expiredSession } from "@/components/account/session-events";
import { PICKER_DEFAULT_PAGE_SIZE, PICKER_PAGE_SIZES } from "@/lib/menu/constants";
import type { MenuItem, PickerPage, PickerQuery } from "@/lib/menu/types";
import { Button } from "@/components/ui/button";
import { createDataColumns, DataTable } from "@/components/ui/data-table";
import { inputClass } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { StatusDot } from "@/components/ui/status-dot";

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
    <Modal open={open} onOpenChange={onOpenChange} title={title ?? `Select ${entity}`} width="min(44rem, calc(100vw - 2rem))" testId="entity-picker">
      {/* Mounted only while open, so every opening starts from page 1 and an empty search. */}
      <PickerBody key={restartKey} entity={entity} onClose={() => onOpenChange(false)} {...body} />
    </Modal>
  );
}

const column = createDataColumns<MenuItem>();
const PICKER_COLUMNS = [
  column.accessor("name", { id: "name", header: "Name", meta: { cellClassName: "font-medium break-all text-slate-900" } }),
  column.accessor("id", { id: "id", header: "ID", meta: { cellClassName: "w-24 text-slate-600" } }),
  column.accessor("active", { id: "status", header: "Status", cell: ({ row }) => <StatusDot active={row.original.active} label />, meta: { cellClassName: "w-24" } }),
];

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
          className={inputClass(false, { width: "min-w-0 flex-1" })}
        />
        <Button size="icon" className="p-2" onClick={() => setReloads((n) => n + 1)} aria-label="Refresh" title="Refresh">
          <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-4 w-4 ${loading ? "animate-spin" : ""}`} fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M16 10a6 6 0 1 1-1.8-4.3M16 3v3.5h-3.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Button>
      </div>

      <DataTable
        columns={PICKER_COLUMNS}
        rows={page?.rows ?? []}
        rowId={(row) => row.id}
        emptyText="No Result Found"
        error={loaded?.error}
        loading={loading}
        loadingText="Loading..."
        density="compact"
        stickyHeader
        className="mx-5 mt-3 flex min-h-0 flex-1 flex-col overflow-hidden rounded-lg border border-slate-200"
        rowAttributes={() => ({ "data-testid": "picker-row" })}
        onRowClick={choose}
        selection={{
          mode: "single",
          value: selected ? { [selected.id]: true } : {},
          onChange: (next) => {
            const row = page?.rows.find((r) => next[r.id]);
            if (row) choose(row);
          },
          canSelect: true,
          rowLabel: (row) => row.name,
        }}
        paging={{
          pageIndex: query.page - 1,
          pageSize: query.size,
          total,
          pageSizes: PICKER_PAGE_SIZES,
          compact: true,
          onChange: ({ pageIndex, pageSize }) => setQuery((q) => ({ ...q, page: pageIndex + 1, size: pageSize })),
        }}
      />

      {addLink && <div className="px-5 pt-3 text-sm">{addLink}</div>}

      <div className="mt-4 flex items-center justify-end gap-3 border-t border-slate-200 px-5 py-4">
        {warning && (
          <p role="alert" data-testid="picker-warning" className="mr-auto text-sm font-medium text-red-600">
            Please select one of the {entity} to continue.
          </p>
        )}
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" onClick={done}>
          Done
        </Button>
      </div>
    </>
  );
}
