// The one z-index scale. Dialogs and popovers render into portals at the end of
// <body>, so a dialog opened from a dialog, or a popover opened inside one,
// stacks above it by document order at the same level: no component needs a
// larger number than these.
export const LAYER = {
  /** Sticky table headers and toolbars inside a page. */
  sticky: "z-10",
  /** The top bar and in-page dropdowns that are not portalled. */
  bar: "z-30",
  /** Every dialog, side sheet and portalled popover (overlay and content). */
  overlay: "z-50",
  /** Alerts that must show above an open dialog. */
  toast: "z-[60]",
} as const;
