// Per-entity texts and routes of the dashboard lists (shell.md 2.6, 8).
import type { ListEntity } from "./types";

export interface ListEntityConfig {
  title: string;
  /** shell.md 8 empty-list texts. */
  emptyText: string;
  /** Lower-case names for messages: "campaign" / "campaigns". */
  singular: string;
  plural: string;
  /** Base name of the exported CSV file. */
  fileName: string;
  createHref: string;
  createLabel: string;
  createTestId: string;
  detailsHref(id: number): string;
}

export const LIST_ENTITY_CONFIG: Record<ListEntity, ListEntityConfig> = {
  advertiser: {
    title: "Advertisers",
    emptyText: "No Advertiser found.",
    singular: "advertiser",
    plural: "advertisers",
    fileName: "advertisers",
    createHref: "/advertiser/create",
    createLabel: "Create Advertiser",
    createTestId: "create-advertiser",
    detailsHref: (id) => `/advertiser/details/${id}`,
  },
  campaign: {
    title: "Campaigns",
    emptyText: "No Campaign found.",
    singular: "campaign",
    plural: "campaigns",
    fileName: "campaigns",
    createHref: "/campaign/create",
    createLabel: "Create Campaign",
    createTestId: "create-campaign",
    detailsHref: (id) => `/campaign/details/${id}`,
  },
  strategy: {
    title: "Strategies",
    emptyText: "No Strategy found.",
    singular: "strategy",
    plural: "strategies",
    fileName: "strategies",
    createHref: "/strategy/create",
    createLabel: "Create Strategy",
    createTestId: "create-strategy",
    detailsHref: (id) => `/strategy/details/${id}`,
  },
};

/** Lower-case names of what a list holds ("campaign" / "campaigns"), for its messages; the pixel list has its own. */
export type ListNames = Pick<ListEntityConfig, "singular" | "plural">;

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
