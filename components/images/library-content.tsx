"use client";
// What an image library shows, in the panel and in its expanded dialog alike:
// title, Upload, Delete (with the spec's confirmation), the creative-size
// filter, the search box, the expand icon or Done, then the grid.
// Roles (shell.md 6): read-only users get no Upload/Delete; demo users see
// them disabled; so do read-write users of an archived advertiser (canWrite false).
import { useState } from "react";
import type { Role } from "@/lib/auth/roles";
import { DELETE_CONFIRM_TITLE, deleteConfirmText, deletingText, type ImageItem } from "@/lib/images/schema";
import { ConfirmDialog, PRIMARY_BUTTON, SECONDARY_BUTTON } from "@/components/account/confirm-dialog";
import { DimensionFilter } from "./dimension-filter";
import { ImageGrid } from "./image-grid";
import { ImageUploadModal } from "./image-upload-modal";
import type { ImageLibraryState } from "./use-image-library";

const SMALL_PRIMARY = PRIMARY_BUTTON.replace("px-4 py-2", "px-3 py-1.5");
const SMALL_DANGER = SECONDARY_BUTTON.replace("px-4 py-2", "px-3 py-1.5").replace("text-slate-700", "text-red-700");

export function LibraryContent({
  lib,
  title,
  role,
  canWrite,
  onExpand,
  onDone,
  gridClassName = "",
}: {
  lib: ImageLibraryState;
  title: string;
  role: Role;
  canWrite: boolean;
  /** The expand-to-dialog icon (the panel). */
  onExpand?: () => void;
  /** The Done button (the dialog form). */
  onDone?: () => void;
  gridClassName?: string;
}) {
  const [uploadOpen, setUploadOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const showWrite = role !== "RO";
  const writeEnabled = canWrite && role === "RW";
  const disabledTitle = writeEnabled ? undefined : "Not available for your role";

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-base font-semibold text-slate-900">{title}</h2>
        {showWrite && (
          <button type="button" className={SMALL_PRIMARY} disabled={!writeEnabled} title={disabledTitle} onClick={() => setUploadOpen(true)}>
            Upload
          </button>
        )}
        {showWrite && lib.canDelete && (
          <button
            type="button"
            className={SMALL_DANGER}
            disabled={!writeEnabled || lib.deleting}
            title={disabledTitle}
            onClick={() => setConfirmOpen(true)}
          >
            Delete
          </button>
        )}
        <DimensionFilter options={lib.sizeOptions} value={lib.dimensions} onChange={lib.setDimensions} />
        <input
          type="search"
          aria-label={`Search ${title.toLowerCase()}`}
          placeholder="Search"
          value={lib.search}
          onChange={(e) => lib.setSearch(e.target.value)}
          className="w-44 rounded-md border border-slate-300 px-3 py-1.5 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-ring"
        />
        {onExpand && (
          <button type="button" aria-label={`Expand ${title.toLowerCase()}`} title="Expand" onClick={onExpand} className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
            <svg viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path d="M12 3h5v5M8 17H3v-5M17 3l-6 6M3 17l6-6" />
            </svg>
          </button>
        )}
      </div>

      {lib.error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {lib.error}
        </p>
      )}
      {lib.deleting && <p className="text-sm text-slate-500">{deletingText(lib.kind)}</p>}

      <div className={`min-h-0 overflow-y-auto ${gridClassName}`}>
        {lib.loading ? (
          <p className="py-10 text-center text-sm text-slate-500">Loading...</p>
        ) : (
          <ImageGrid images={lib.visible} selected={lib.isSelected} locked={lib.isLocked} clickable={lib.isClickable} onToggle={lib.onToggle} />
        )}
      </div>

      {onDone && (
        <div className="flex justify-end">
          <button type="button" className={PRIMARY_BUTTON} onClick={onDone}>
            Done
          </button>
        </div>
      )}

      {showWrite && (
        <ImageUploadModal
          open={uploadOpen}
          onOpenChange={setUploadOpen}
          advertiserId={lib.advertiserId}
          kind={lib.kind}
          multiple
          onSaved={(saved: ImageItem[]) => lib.addSaved(saved)}
        />
      )}
      <ConfirmDialog
        open={confirmOpen}
        title={DELETE_CONFIRM_TITLE}
        message={deleteConfirmText(lib.selectedIds.length, lib.kind)}
        busy={lib.deleting}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => void lib.deleteSelected().then(() => setConfirmOpen(false))}
      />
    </div>
  );
}
