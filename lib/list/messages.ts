// The texts of list status changes (business.md 4 and 8), from the list's
// names ("campaign" / "campaigns"). Client-safe.
import type { ListNames } from "./types";

/** The alert after a bulk status change (business.md 8 wording, extended to several rows). */
export function bulkResultMessage(names: ListNames, active: boolean, count: number): string {
  const what = count === 1 ? names.singular : `${count} ${names.plural}`;
  return `Successfully ${active ? "activated" : "de-activated"} ${what}`;
}

export function bulkErrorFallback(names: ListNames, active: boolean): string {
  return `Error while ${active ? "activating" : "de-activating"} ${names.singular}!!`;
}

/** The question before a bulk or row status change (business.md 4, title 'Warning'). */
export function bulkQuestion(names: ListNames, active: boolean, count: number): string {
  const what = count === 1 ? `this ${names.singular}` : `${count} ${names.plural}`;
  return `Are you sure you want to ${active ? "activate" : "deactivate"} ${what}?`;
}
