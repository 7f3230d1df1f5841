"use client";
// An advertiser, campaign or strategy breadcrumb (shell.md 2.7): its name
// links to its details; the caret opens a dropdown to switch to another one,
// with a name search (350 ms debounce, at most 10 results), a status dot,
// names cut at 33 characters, 'No Result Found', and 'More...' for the full picker.
import { useCallback, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { EntityPicker, type PickerLoader } from "@/components/picker/entity-picker";
import { searchCrumbAction, searchPickerAction } from "@/lib/entities/actions";
import { detailsHref } from "@/lib/entities/catalog";
import type { EntityView } from "@/lib/contracts/entity";
import { CRUMB_TEXT_MAX, cutText } from "@/lib/menu/constants";
import type { MenuItem, ParentFilter } from "@/lib/menu/types";
import { inputClass } from "@/components/ui/field";
import { Popover } from "@/components/ui/popover";
import { StatusDot } from "@/components/ui/status-dot";
import { useDebouncedSearch } from "./use-debounced-search";

export function CrumbDropdown({ entity, item, parents }: { entity: EntityView; item: MenuItem; parents: ParentFilter }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [text, setText] = useState("");
  const close = useCallback(() => setOpen(false), []);

  const kind = entity.key;
  const { advertiserId, campaignId } = parents;
  const search = useCallback(
    (t: string) => searchCrumbAction({ entity: kind, text: t, parents: { advertiserId, campaignId } }),
    [kind, advertiserId, campaignId],
  );
  const found = useDebouncedSearch(text, search, { enabled: open, immediateWhenEmpty: true });
  // The picker itself signs out on a refused session (shell.md 8).
  const loadPage = useCallback<PickerLoader>(
    (query) => searchPickerAction({ entity: kind, query, parents: { advertiserId, campaignId } }),
    [kind, advertiserId, campaignId],
  );
  const hrefOf = (id: number) => detailsHref(entity, id) ?? "#";

  const label = entity.labels.title;
  const toggle = () => {
    if (!open) setText("");
    setOpen(!open);
  };

  return (
    <>
      <Popover
        as="li"
        className="relative flex min-w-0 items-center"
        data-testid={`crumb-${kind}`}
        open={open}
        onClose={close}
        panelClassName="top-full left-0 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-2 text-slate-900 shadow-xl"
        panelProps={{ role: "dialog", "aria-label": `Switch ${label.toLowerCase()}`, "data-testid": "crumb-dropdown" }}
        trigger={(props) => (
          <>
            <Link
              href={hrefOf(item.id)}
              title={item.name}
              className="flex min-w-0 items-center gap-1.5 truncate rounded px-1 text-topbar-foreground hover:underline"
            >
              <StatusDot active={item.active} />
              <span className="truncate" data-testid="crumb-name">
                {cutText(item.name, CRUMB_TEXT_MAX)}
              </span>
            </Link>
            <button
              {...props}
              type="button"
              aria-label={`Switch ${label.toLowerCase()}`}
              aria-haspopup="dialog"
              onClick={toggle}
              data-testid={`crumb-${kind}-toggle`}
              className="rounded p-0.5 text-topbar-muted hover:bg-white/10 hover:text-topbar-foreground"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
                <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
              </svg>
            </button>
          </>
        )}
      >
        <input
          type="search"
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search"
          aria-label={`Search ${label}`}
          autoComplete="off"
          data-testid="crumb-search"
          className={inputClass(false, { compact: true })}
        />
        <ul className="mt-2 max-h-72 overflow-y-auto" aria-busy={found.pending}>
          {found.pending && found.items.length === 0 ? (
            <li className="px-2 py-1.5 text-sm text-slate-500">Loading...</li>
          ) : found.items.length === 0 ? (
            <li className="px-2 py-1.5 text-sm text-slate-500" data-testid="crumb-empty">
              No Result Found
            </li>
          ) : (
            found.items.map((option) => (
              <li key={option.id}>
                <Link
                  href={hrefOf(option.id)}
                  onClick={close}
                  title={option.name}
                  aria-current={option.id === item.id ? "page" : undefined}
                  data-testid="crumb-option"
                  className={`flex items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-100 ${option.id === item.id ? "font-semibold" : ""}`}
                >
                  <StatusDot active={option.active} />
                  <span className="truncate">{cutText(option.name, CRUMB_TEXT_MAX)}</span>
                </Link>
              </li>
            ))
          )}
        </ul>
        <button
          type="button"
          onClick={() => {
            setOpen(false);
            setPickerOpen(true);
          }}
          className="mt-1 w-full rounded px-2 py-1.5 text-left text-sm font-medium text-primary hover:bg-slate-100"
        >
          More...
        </button>
      </Popover>

      <EntityPicker
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        entity={label}
        load={loadPage}
        onDone={(row) => router.push(hrefOf(row.id))}
      />
    </>
  );
}
