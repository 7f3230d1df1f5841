"use client";
// The conversion tracker form in a modal (business.md 2: "the same form also
// opens in a modal for a given advertiser without navigation"; shell.md 2.8:
// 90% wide, 70% high, not dismissable by outside click). Used by the pixel
// list's 'New Conversion Tracker' button and meant for the entity picker's
// 'Add a new Pixel' link:
//   <PixelFormDialog open={open} onOpenChange={setOpen} advertiserId={id} onCreated={(p) => select(p)} />
import { Modal } from "@/components/ui/modal";
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
    // An outside click must not throw away what was typed: only Cancel, the close button or Escape close it.
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="New Conversion Tracker"
      dismissible="explicit"
      width="90vw"
      height="70vh"
      testId="pixel-form-dialog"
    >
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
    </Modal>
  );
}
