"use client";
// The image library grid of an advertiser (shell.md 2.9): a panel for logos,
// fallback images or overlay images, with an expand icon that opens the same
// library in a dialog with a Done button. Also usable as a picker: with
// `selectable`, selecting reports the chosen images through `onSelect`, and
// images whose URL is in `selectedUrls` show as selected and cannot be clicked.
//
// Reuse (e.g. the advertiser form's logo):
//   <ImageLibraryDialog open={open} onOpenChange={setOpen} advertiserId={id} kind="LOGO"
//     canWrite={canWrite} role={role} selectable="single" onDone={([logo]) => logo && setValue("logoUrl", logo.url)} />
//   <ImageUploadModal open={open} onOpenChange={setOpen} advertiserId={id} kind="LOGO" multiple={false}
//     onSaved={([logo]) => setValue("logoUrl", logo.url)} />   (./image-upload-modal.tsx)
import { useState, type ReactNode } from "react";
import type { Role } from "@/lib/auth/roles";
import { KIND_TEXT, type ImageItem, type ImageKind } from "@/lib/images/schema";
import { Modal } from "@/components/ui/modal";
import { LibraryContent } from "./library-content";
import type { SelectMode } from "./selection";
import { useImageLibrary } from "./use-image-library";

export interface ImageLibraryProps {
  advertiserId: number;
  kind: ImageKind;
  /** The user may change this advertiser's library (RW role, advertiser not archived). */
  canWrite: boolean;
  role: Role;
  /** Picking images: one ("single": selecting clears the others) or several. Without it the grid manages the library. */
  selectable?: SelectMode;
  /** URLs already chosen elsewhere: pre-selected and not clickable. */
  selectedUrls?: string[];
  /** The selected images, on every change. */
  onSelect?: (images: ImageItem[]) => void;
  /** The list rendered by the server page; without it the panel loads it. */
  initialImages?: ImageItem[];
  /** Defaults to "Logos", "Fallback images" or "Overlay images". */
  title?: string;
}

export function ImageLibrary({ canWrite, role, title, ...options }: ImageLibraryProps) {
  const lib = useImageLibrary(options);
  const [expanded, setExpanded] = useState(false);
  const heading = title ?? KIND_TEXT[options.kind].title;
  return (
    <section data-testid={`image-library-${options.kind}`} aria-label={heading} className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
      <LibraryContent lib={lib} title={heading} role={role} canWrite={canWrite} onExpand={() => setExpanded(true)} gridClassName="max-h-[420px]" />
      <LibraryModal open={expanded} onOpenChange={setExpanded} title={heading} kind={options.kind}>
        <LibraryContent lib={lib} title={heading} role={role} canWrite={canWrite} onDone={() => setExpanded(false)} gridClassName="flex-1" />
      </LibraryModal>
    </section>
  );
}

/** The library as a dialog form on its own: Done hands the selected images to `onDone` and closes. */
export function ImageLibraryDialog({
  open,
  onOpenChange,
  onDone,
  ...props
}: Omit<ImageLibraryProps, "onSelect"> & { open: boolean; onOpenChange: (open: boolean) => void; onDone: (images: ImageItem[]) => void }) {
  return (
    <LibraryModal open={open} onOpenChange={onOpenChange} title={props.title ?? KIND_TEXT[props.kind].title} kind={props.kind}>
      {open && <DialogBody {...props} onDone={(images) => (onDone(images), onOpenChange(false))} />}
    </LibraryModal>
  );
}

/** The expanded library: the content shows its own title and Done, so the dialog has no header. */
function LibraryModal({
  open,
  onOpenChange,
  title,
  kind,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  kind: ImageKind;
  children: ReactNode;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} header={false} width="90vw" height="85vh" testId={`image-library-dialog-${kind}`}>
      <div className="flex min-h-0 flex-1 flex-col p-6">{children}</div>
    </Modal>
  );
}

function DialogBody({ canWrite, role, title, onDone, ...options }: Omit<ImageLibraryProps, "onSelect"> & { onDone: (images: ImageItem[]) => void }) {
  const lib = useImageLibrary(options);
  return (
    <LibraryContent
      lib={lib}
      title={title ?? KIND_TEXT[options.kind].title}
      role={role}
      canWrite={canWrite}
      onDone={() => onDone(lib.selectedImages)}
      gridClassName="flex-1"
    />
  );
}
