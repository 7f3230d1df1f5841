"use client";
// What an image library shows, in the panel and in its expanded dialog alike:
// title, Upload, Delete (with the spec's confirmation), the creative-size
// filter, the search box, the expand icon or Done, then the grid.
// Roles (shell.md 6): read-only users get no Upload/Delete; demo users see
// them disabled; so do read-write users of an archived advertiser (canWrite false).
import { useState } from "react";
import type { Role } from "@/lib/auth/roles";
import { DELETE_CONFIRM_TITLE, deleteConfirmText, deletingText, type ImageItem } from "@/lib/images/schema";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { inputClass } from "@/components/ui/field";
import { DimensionFilter } from "./dimension-filter";
import { ImageGrid } from "./image-grid";
import { ImageUploadModal } from "./image-upload-modal";
import type { ImageLibraryState } from "./use-image-library";

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
          <Button variant="primary" size="sm" disabled={!writeEnabled} title={disabledTitle} onClick={() => setUploadOpen(true)}>
            Upload
          </Button>
        )}
        {showWrite && lib.canDelete && (
          <Button variant="danger-outline" size="sm" disabled={!writeEnabled || lib.deleting} title={disabledTitle} onClick={() => setConfirmOpen(true)}>
            Delete
          </Button>
        )}
        <DimensionFilter options={lib.sizeOptions} value={lib.dimensions} onChange={lib.setDimensions} />
        <input
          type="search"
          aria-label={`Search ${title.toLowerCase()}`}
          placeholder="Search"
          value={lib.search}
          onChange={(e) => lib.setSearch(e.target.value)}
          className={inputClass(false, { width: "w-44", compact: true })}
        />
        {onExpand && (
          <Button variant="ghost" size="icon" aria-label={`Expand ${title.toLowerCase()}`} title="Expand" onClick={onExpand}>
            <svg viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path d="M12 3h5v5M8 17H3v-5M17 3l-6 6M3 17l6-6" />
            </svg>
          </Button>
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
          <Button variant="primary" onClick={onDone}>
            Done
          </Button>
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
