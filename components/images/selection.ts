// Selection rules of the image grid (shell.md 4 "Image grid"), pure so they
// can be tested without a browser:
// - selecting toggles; in single-select mode selecting one clears the others;
// - images whose URL is in the given selected-URL list are pre-selected and
//   not clickable (already chosen elsewhere);
// - when the grid only manages the library (no picking), selection exists for
//   deleting, so the default logo, which is never deleted, cannot be selected.
import type { ImageItem } from "@/lib/images/schema";

export type SelectMode = "single" | "multiple";

export interface SelectionRules {
  /** Picking images for a form; undefined: managing the library (select to delete). */
  selectable?: SelectMode;
  /** URLs already chosen: shown selected, not clickable. */
  selectedUrls?: readonly string[];
}

export function isLocked(image: ImageItem, rules: SelectionRules): boolean {
  return !!rules.selectedUrls?.includes(image.url);
}

export function isClickable(image: ImageItem, rules: SelectionRules): boolean {
  if (isLocked(image, rules)) return false;
  return rules.selectable ? true : !image.isDefault;
}

export function toggle(selected: readonly number[], image: ImageItem, rules: SelectionRules): number[] {
  if (!isClickable(image, rules)) return [...selected];
  if (selected.includes(image.id)) return selected.filter((id) => id !== image.id);
  return rules.selectable === "single" ? [image.id] : [...selected, image.id];
}

/** Delete shows only for a selection of at least one image without the default logo (shell.md 5). */
export function canDeleteSelection(images: readonly ImageItem[], selected: readonly number[]): boolean {
  const chosen = images.filter((i) => selected.includes(i.id));
  return chosen.length > 0 && !chosen.some((i) => i.isDefault);
}

/** Search from 2 characters (trimmed, case-insensitive on the name) and the creative-size filter. */
export function filterImages(images: readonly ImageItem[], search: string, dimensions: readonly string[]): ImageItem[] {
  const text = search.trim().toLowerCase();
  return images.filter(
    (i) => (text.length < 2 || i.name.toLowerCase().includes(text)) && (dimensions.length === 0 || dimensions.includes(i.dimensions)),
  );
}

/** Round-robin assignment to the grid's columns (shell.md 2.9): image n goes to column n mod columns. */
export function roundRobin<T>(items: readonly T[], columns: number): T[][] {
  const out: T[][] = Array.from({ length: columns }, () => []);
  items.forEach((item, n) => out[n % columns].push(item));
  return out;
}

/** The distinct sizes of the list, for the creative-size filter, in a stable order. */
export function dimensionOptions(images: readonly ImageItem[]): string[] {
  return [...new Set(images.map((i) => i.dimensions).filter(Boolean))].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
}
