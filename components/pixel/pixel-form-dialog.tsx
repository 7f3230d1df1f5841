"use client";
// The conversion tracker form in a modal (business.md 2: "the same form also
// opens in a modal for a given advertiser without navigation"; shell.md 2.8:
// 90% wide, 70% high, not dismissable by outside click). Used by the pixel
// list's 'New Conversion Tracker' button and meant for the entity picker's
// 'Add a new Pixel' link:
//   <PixelFormDialog open={open} onOpenChange={setOpen} advertiserId={id} onCreated={(p) => select(p)} />
import * as Dialog from "@radix-ui/react-dialog";
import { NEW_PIXEL_VALUES } from "@/lib/pixels/schema";
import { PixelForm, type SavedPixel } from "./pixel-form";

export interface PixelFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  advertiserId: number;
  /** Called with the new pixel once saved; the dialog then closes. */
  onCreated: (pixel: SavedPixel) => void;
  /** False for read-only and demo users (the form opens with every control disabled). */
  canWrite?: boolean;
}

export function PixelFormDialog({ open, onOpenChange, advertiserId, onCreated, canWrite = true }: PixelFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          data-testid="pixel-form-dialog"
          aria-describedby={undefined}
          // An outside click must not throw away what was typed: only Cancel, the close button or Escape close it.
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 flex h-[70vh] w-[90vw] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">New Conversion Tracker</Dialog.Title>
            <Dialog.Close className="rounded p-1.5 text-slate-500 hover:bg-slate-100" aria-label="Close">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
                <path d="m5 5 10 10M15 5 5 15" />
              </svg>
            </Dialog.Close>
          </div>
          {/* Mounted only while open: every opening starts from an empty form. */}
          {open ? (
            <PixelForm
              variant="dialog"
              advertiserId={advertiserId}
              initial={NEW_PIXEL_VALUES}
              canWrite={canWrite}
              onCancel={() => onOpenChange(false)}
              onSaved={(pixel) => {
                onOpenChange(false);
                onCreated(pixel);
              }}
            />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
