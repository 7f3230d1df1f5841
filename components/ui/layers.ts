// The one z-index scale. Dialogs and popovers render into portals at the end of
// <body>, so a dialog opened from a dialog, or a popover opened inside one,
// stacks above it by document order at the same level: no component needs a
// larger number than these.
export const LAYER = {
  /** Sticky table headers, group headings and busy veils inside a page or dialog. */
  sticky: "z-10",
  /** The top bar and in-page popovers (dropdowns, flyouts) that are not portalled. */
  bar: "z-30",
  /** Every dialog, side sheet and portalled popover (overlay and content). */
  overlay: "z-50",
  /** Alerts that must show above an open dialog. */
  toast: "z-[60]",
} as const;

/** Marks an open popover: Escape inside the dialog around it closes the popover, not the dialog. */
export const POPOVER_OPEN_ATTR = "data-popover-open";

/** Marks a modal dialog's content: a press inside a modal opened above a popover does not close the popover. */
export const MODAL_ATTR = "data-modal";
